package dev.mixchannel.kafka.it;

/** {@link LogSegmentContract} on Kafka 4.1. */
class LogSegment41Test extends LogSegmentContract {

  @Override
  protected SegmentDriver driver() {
    return new Kafka41SegmentDriver();
  }
}
