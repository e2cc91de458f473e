package dev.mixchannel.kafka.it;

/** {@link LogSegmentContract} on the Kafka release of the module that runs it. */
class LogSegmentTest extends LogSegmentContract {

  @Override
  protected SegmentDriver driver() {
    return new VersionSegmentDriver();
  }
}
