package dev.mixchannel.kafka.internal;

import java.io.IOException;
import java.nio.file.Path;

/** The store's cases with a PMem tier (a pool under /dev/shm) in front of the log dir. */
class PmemKafkaSegmentStoreTest extends KafkaSegmentStoreTest {
  @Override
  StoreFixture openFixture(Path root) throws IOException {
    return StoreFixture.pmem(root);
  }
}
