package dev.mixchannel.tool;

import picocli.CommandLine.IVersionProvider;

/** The tool's version, from its jar manifest. */
final class ToolVersion implements IVersionProvider {

  @Override
  public String[] getVersion() {
    String version = ToolVersion.class.getPackage().getImplementationVersion();
    return new String[] {"mixchannel-tool " + (version == null ? "(development build)" : version)};
  }
}
