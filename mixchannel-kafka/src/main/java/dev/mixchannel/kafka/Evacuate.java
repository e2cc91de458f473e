package dev.mixchannel.kafka;

import dev.mixchannel.kafka.internal.AdapterSettings;
import dev.mixchannel.kafka.internal.Evacuator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves every segment's bytes from the MixChannel tiers back into the broker's own {@code *.log}
 * files, so the broker can then start without the agent. Run it with the broker stopped:
 *
 * <pre>{@code
 * java -cp mixchannel-kafka-<version>-agent.jar:/opt/kafka/libs/* \
 *   dev.mixchannel.kafka.Evacuate /etc/kafka/mixchannel.properties [--log-dirs /data/k1,/data/k2]
 * }</pre>
 *
 * <p>The log dirs are those of {@code --log-dirs}, else the settings file's {@code log.dirs}. Each
 * segment is written to a temporary file next to its anchor, made durable and renamed over the
 * anchor before its key is deleted, so the command can be interrupted and run again. It prints one
 * progress line per segment and exits with 0 when every key was evacuated, 2 when some were left
 * (listed), 1 on an error.
 */
public final class Evacuate {

  private Evacuate() {}

  /**
   * Runs the command.
   *
   * @param args the settings file, then optionally {@code --log-dirs <dir>[,<dir>...]}
   */
  public static void main(String[] args) {
    int status;
    try {
      status = run(args, System.out);
    } catch (IOException | RuntimeException e) {
      System.err.println("evacuation failed: " + e);
      e.printStackTrace(System.err);
      status = 1;
    }
    System.exit(status);
  }

  /**
   * Runs the command without exiting the JVM.
   *
   * @param args as for {@link #main}
   * @param out where progress lines go
   * @return 0 when every key was evacuated, 2 when some were left in the tiers
   * @throws IOException when the tiers or a log dir fail
   * @throws IllegalArgumentException for bad arguments
   */
  public static int run(String[] args, PrintStream out) throws IOException {
    if (args.length != 1 && !(args.length == 3 && args[1].equals("--log-dirs"))) {
      throw new IllegalArgumentException(
          "usage: Evacuate <mixchannel.properties> [--log-dirs <dir>[,<dir>...]]");
    }
    AdapterSettings settings = AdapterSettings.load(Path.of(args[0]));
    List<Path> logDirs = new ArrayList<>(settings.logDirs());
    if (args.length == 3) {
      logDirs.clear();
      for (String dir : args[2].split(",")) {
        if (!dir.isBlank()) {
          logDirs.add(Path.of(dir.trim()));
        }
      }
    }
    if (logDirs.isEmpty()) {
      throw new IllegalArgumentException(
          "no log dirs: set log.dirs in " + args[0] + " or pass --log-dirs");
    }
    Evacuator.Result result = new Evacuator(settings, logDirs, out).run();
    return result.leftKeys().isEmpty() ? 0 : 2;
  }
}
