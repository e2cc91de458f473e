package dev.mixchannel.kafka.internal;

import static dev.mixchannel.kafka.internal.StoreFixture.key;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mixchannel.testkit.LeakCheckExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(LeakCheckExtension.class)
class ReconcilerTest {

  private static final String P = "topic-0";
  private static final String LOG = "00000000000000000100.log";
  private static final String HEX = "0123456789abcdef0123456789abcdef";

  @TempDir Path temp;
  private StoreFixture fx;

  @BeforeEach
  void open() throws IOException {
    fx = new StoreFixture(temp);
  }

  @AfterEach
  void close() throws IOException {
    fx.close();
  }

  @Test
  void shouldLeaveKeyAloneWhenItsAnchorExists() throws IOException {
    fx.putKey(P, LOG, "live", true);

    assertThat(fx.store.reconcile(false)).isZero();
    assertThat(fx.content(key(P, LOG))).isEqualTo("live");
  }

  @Test
  void shouldDeleteKeyWhenBrokerDeletedItsAnchor() throws IOException {
    fx.putKey(P, LOG + ".deleted", "gone", false);
    fx.putKey(P, LOG + ".cleaned", "gone", false);

    assertThat(fx.store.reconcile(false)).isEqualTo(2);
    assertThat(fx.manager().keys()).isEmpty();
    assertThat(fx.store.getSweepDeletes()).isEqualTo(2);
  }

  @Test
  void shouldRenameKeyWhenCrashFollowedRenameToDeleted() throws IOException {
    fx.putKey(P, LOG, "old", false);
    fx.putAnchor(P, LOG + ".deleted");

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG + ".deleted"));
    assertThat(fx.content(key(P, LOG + ".deleted"))).isEqualTo("old");
  }

  @Test
  void shouldRenameKeyWhenCrashFollowedRenameCleanedToSwap() throws IOException {
    fx.putKey(P, LOG + ".cleaned", "compacted", false);
    fx.putAnchor(P, LOG + ".swap");

    fx.store.reconcile(false);

    assertThat(fx.content(key(P, LOG + ".swap"))).isEqualTo("compacted");
  }

  @Test
  void shouldRenameKeyWhenCrashFollowedRenameSwapToLive() throws IOException {
    fx.putKey(P, LOG + ".swap", "compacted", false);
    fx.putAnchor(P, LOG);

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
    assertThat(fx.content(key(P, LOG))).isEqualTo("compacted");
  }

  @Test
  void shouldDeleteDeletedKeyRatherThanGiveItToNewSegmentOfSameOffset() throws IOException {
    fx.putKey(P, LOG + ".deleted", "stale", false);
    fx.putAnchor(P, LOG);

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).isEmpty();
  }

  @Test
  void shouldNotRenameOntoAnchorThatHasKey() throws IOException {
    fx.putKey(P, LOG + ".swap", "abandoned swap", false);
    fx.putKey(P, LOG, "original", true);

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
    assertThat(fx.content(key(P, LOG))).isEqualTo("original");
  }

  @Test
  void shouldRenameKeyWhenBrokerRenamedPartitionDirectoryForDeletion() throws IOException {
    String deleteDir = P + "." + HEX + "-delete";
    fx.putKey(P, LOG, "moved", false);
    fx.putAnchor(deleteDir, LOG);

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).containsExactly(key(deleteDir, LOG));
  }

  @Test
  void shouldRenameKeyWhenFutureReplicaBecameCurrent() throws IOException {
    String futureDir = P + "." + HEX + "-future";
    fx.putKey(futureDir, LOG, "promoted", false);
    fx.putAnchor(P, LOG);

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
  }

  @Test
  void shouldLeaveKeyAloneWhenTwoRenamedDirectoriesCouldHoldItsAnchor() throws IOException {
    fx.putKey(P, LOG, "ambiguous", false);
    fx.putAnchor(P + "." + HEX + "-delete", LOG);
    fx.putAnchor(P + "." + HEX.replace('0', 'f') + "-stray", LOG);

    assertThat(fx.store.reconcile(false)).isZero();
    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
  }

  @Test
  void shouldLeaveKeysOfUnknownLogDirsAndForeignKeysAlone() throws IOException {
    String foreign = "OTHERLOGDIRTAGAAAAAAAA/" + P + "/" + LOG;
    fx.manager()
        .open(
            foreign,
            java.nio.file.StandardOpenOption.CREATE,
            java.nio.file.StandardOpenOption.WRITE)
        .close();
    fx.manager()
        .open(
            "not-a-segment",
            java.nio.file.StandardOpenOption.CREATE,
            java.nio.file.StandardOpenOption.WRITE)
        .close();

    assertThat(fx.store.reconcile(false)).isZero();
    assertThat(fx.manager().keys()).containsExactlyInAnyOrder(foreign, "not-a-segment");
  }

  @Test
  void shouldDeleteInterruptedImport() throws IOException {
    fx.putKey(P, LOG + KafkaSegmentStore.IMPORT_SUFFIX, "partial", false);

    fx.store.reconcile(false);

    assertThat(fx.manager().keys()).isEmpty();
  }

  @Test
  void shouldActOnlyOnOrphansSeenTwiceWhenConfirming() throws IOException {
    fx.putKey(P, LOG, "orphan", false);

    assertThat(fx.store.reconcile(true)).isZero();
    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));

    assertThat(fx.store.reconcile(true)).isEqualTo(1);
    assertThat(fx.manager().keys()).isEmpty();
  }

  @Test
  void shouldForgetSuspectWhenItsAnchorReappearsBetweenSweeps() throws IOException {
    fx.putKey(P, LOG, "in flight", false);
    fx.store.reconcile(true);
    fx.putAnchor(P, LOG);
    fx.store.reconcile(true);
    Files.delete(fx.logDir.resolve(P).resolve(LOG));

    assertThat(fx.store.reconcile(true)).isZero();
    assertThat(fx.manager().keys()).containsExactly(key(P, LOG));
  }

  @Test
  void shouldReconcileWhenStoreOpens() throws IOException {
    fx.putKey(P, LOG, "old", false);
    fx.putAnchor(P, LOG + ".deleted");

    fx.reopen();

    assertThat(fx.manager().keys()).containsExactly(key(P, LOG + ".deleted"));
  }
}
