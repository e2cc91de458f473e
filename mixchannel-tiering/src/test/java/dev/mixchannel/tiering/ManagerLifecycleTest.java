/*
 * Copyright The MixChannel Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.mixchannel.tiering;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mixchannel.api.StorageInUseException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Managers as objects: independence, bad input, close, JMX and file permissions. */
class ManagerLifecycleTest {
  @TempDir Path dir;

  private TierManager open(Path root) throws IOException {
    return TierManager.builder(TestConfigs.fileTiers(root, -1, -1).build())
        .startMigrator(false)
        .build();
  }

  @Test
  void shouldWorkIndependentlyWhenTwoManagersRunInOneJvm() throws IOException {
    try (TierManager a = open(dir.resolve("a"));
        TierManager b = open(dir.resolve("b"))) {
      try (MixChannel ca = a.open("k", CREATE, WRITE);
          MixChannel cb = b.open("k", CREATE, WRITE)) {
        ca.write(Bytes.wrap("from a"));
        cb.write(Bytes.wrap("b"));
      }
      a.migrate("k", "t1");
      assertThat(a.tierOf("k")).isEqualTo("t1");
      assertThat(b.tierOf("k")).isEqualTo("t0");
      assertThat(a.stats().migrationsDown()).isEqualTo(1);
      assertThat(b.stats().migrationsDown()).isZero();
      assertThat(TierManagerHooks.id(a)).isNotEqualTo(TierManagerHooks.id(b));
      b.close();
      assertThat(a.keys()).containsExactly("k");
    }
  }

  @Test
  void shouldRefuseASecondManagerWhenTheDirectoriesAreTaken() throws IOException {
    try (TierManager a = open(dir)) {
      assertThatThrownBy(() -> open(dir)).isInstanceOf(StorageInUseException.class);
      assertThat(a.keys()).isEmpty();
    }
  }

  @Test
  void shouldNameTheKeyWhenInputIsBad() throws IOException {
    try (TierManager m = open(dir)) {
      assertThatThrownBy(() -> m.open("missing", READ))
          .isInstanceOf(NoSuchFileException.class)
          .hasMessageContaining("missing");
      assertThatThrownBy(() -> m.open("missing", WRITE)).isInstanceOf(NoSuchFileException.class);
      m.open("k", CREATE, WRITE).close();
      assertThatThrownBy(() -> m.open("k", CREATE_NEW, WRITE))
          .isInstanceOf(FileAlreadyExistsException.class)
          .hasMessageContaining("k");
      assertThatThrownBy(() -> m.migrate("k", "t9"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("tier=t9")
          .hasMessageContaining("key=k");
      assertThatThrownBy(() -> m.open("k", StandardOpenOption.READ, StandardOpenOption.APPEND))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("key=k");
      assertThatThrownBy(() -> m.open("k", WRITE, LinkOption.NOFOLLOW_LINKS, new Exotic()))
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("key=k");
      assertThatThrownBy(() -> m.open("../escape", CREATE, WRITE))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("escape");
      assertThatThrownBy(() -> m.tierOf("nope")).isInstanceOf(NoSuchFileException.class);
      assertThatThrownBy(() -> m.rename("nope", "x")).isInstanceOf(NoSuchFileException.class);
      try (MixChannel ch = m.open("k", READ)) {
        assertThatThrownBy(() -> ch.map(java.nio.channels.FileChannel.MapMode.READ_ONLY, 0, 1))
            .isInstanceOf(UnsupportedOperationException.class)
            .hasMessageContaining("key=k")
            .hasMessageContaining("transferTo");
      }
    }
  }

  private static final class Exotic implements java.nio.file.OpenOption {}

  @Test
  void shouldCloseHandlesAndRejectCallsWhenClosed() throws IOException {
    TierManager m = open(dir);
    MixChannel ch = m.open("k", CREATE, READ, WRITE);
    ch.write(Bytes.wrap("abc"));
    m.close();
    m.close();
    assertThat(ch.isOpen()).isFalse();
    assertThatThrownBy(() -> ch.write(ByteBuffer.allocate(1)))
        .isInstanceOf(ClosedChannelException.class)
        .hasMessageContaining("key=k");
    assertThatThrownBy(() -> ch.size()).isInstanceOf(ClosedChannelException.class);
    for (ThrowingCall call :
        List.<ThrowingCall>of(
            () -> m.open("k", READ),
            () -> m.exists("k"),
            () -> m.delete("k"),
            () -> m.rename("k", "j"),
            () -> m.migrate("k", "t1"),
            () -> m.tierOf("k"),
            () -> m.keys(),
            () -> m.stats())) {
      assertThatThrownBy(call::run)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("closed");
    }
    assertThatThrownBy(() -> m.open("k", READ)).hasMessageContaining("key=k");
    try (TierManager again = open(dir)) {
      try (MixChannel r = again.open("k", READ)) {
        assertThat(new String(Bytes.readAll(r))).isEqualTo("abc");
      }
    }
  }

  @FunctionalInterface
  private interface ThrowingCall {
    void run() throws Exception;
  }

  @Test
  void shouldExposeAttributesOverJmxWhenOpenAndUnregisterWhenClosed() throws Exception {
    ObjectName managerName;
    ObjectName tierName;
    try (TierManager m = open(dir)) {
      managerName = JmxProbe.managerName(m);
      tierName = JmxProbe.tierName(m, "t0");
      try (MixChannel ch = m.open("k", CREATE, WRITE)) {
        ch.write(ByteBuffer.allocate(1000));
      }
      m.migrate("k", "t1");
      m.migrate("k", "t0");
      assertThat(JmxProbe.attribute(managerName, "KeyCount")).isEqualTo(1L);
      assertThat(JmxProbe.attribute(managerName, "MigrationsUp")).isEqualTo(1L);
      assertThat(JmxProbe.attribute(managerName, "MigrationsDown")).isEqualTo(1L);
      assertThat(JmxProbe.attribute(managerName, "BytesMigrated")).isEqualTo(2000L);
      assertThat(JmxProbe.attribute(managerName, "Spills")).isEqualTo(0L);
      assertThat(JmxProbe.attribute(managerName, "MigrationFailures")).isEqualTo(0L);
      assertThat(JmxProbe.attribute(managerName, "LastError")).isEqualTo("");
      assertThat(JmxProbe.attribute(tierName, "Name")).isEqualTo("t0");
      assertThat(JmxProbe.attribute(tierName, "Kind")).isEqualTo("NVME");
      assertThat(JmxProbe.attribute(tierName, "KeyCount")).isEqualTo(1L);
      assertThat(JmxProbe.attribute(tierName, "UsedBytes")).isEqualTo(1000L);
      assertThat((Long) JmxProbe.attribute(tierName, "CapacityBytes")).isPositive();
      assertThat(JmxProbe.attribute(tierName, "MigrationsIn")).isEqualTo(1L);
      assertThat(JmxProbe.attribute(tierName, "MigrationsOut")).isEqualTo(1L);
      assertThat(JmxProbe.attribute(tierName, "Spills")).isEqualTo(0L);
      assertThat(JmxProbe.attribute(tierName, "LastError")).isEqualTo("");
    }
    assertThat(ManagementFactory.getPlatformMBeanServer().isRegistered(managerName)).isFalse();
    assertThat(ManagementFactory.getPlatformMBeanServer().isRegistered(tierName)).isFalse();
  }

  @Test
  void shouldCreateOwnerOnlyFilesWhenCreatingKeysAndPools() throws IOException {
    try (ShmDir shm = ShmDir.create(dir);
        TierManager m = TestConfigs.pmemThenFileManager(shm, dir, 8L << 20)) {
      try (MixChannel ch = m.open("topic-0/00.log", CREATE, WRITE)) {
        ch.write(ByteBuffer.allocate(100));
      }
      m.open("topic-1/00.log", CREATE, WRITE).close();
      m.migrate("topic-1/00.log", "t0");
      assertOwnerOnly(shm.resolve("pool"));
      assertOwnerOnly(dir.resolve("t0"));
    }
  }

  private static void assertOwnerOnly(Path root) throws IOException {
    Set<PosixFilePermission> dirPerms = PosixFilePermissions.fromString("rwx------");
    Set<PosixFilePermission> filePerms = PosixFilePermissions.fromString("rw-------");
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.toList()) {
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
        assertThat(perms).as(p.toString()).isEqualTo(Files.isDirectory(p) ? dirPerms : filePerms);
      }
    }
  }
}
