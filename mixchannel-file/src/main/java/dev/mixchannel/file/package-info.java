/**
 * The file tier: {@link dev.mixchannel.file.FileTier}, a {@link dev.mixchannel.api.StorageTier}
 * made of one or more directories of plain files whose channels are the JDK's own {@link
 * java.nio.channels.FileChannel}s. Tiering uses it for NVMe, SSD and HDD tiers; it is also usable
 * on its own as a locked, crash-consistent key-to-file namespace.
 */
package dev.mixchannel.file;
