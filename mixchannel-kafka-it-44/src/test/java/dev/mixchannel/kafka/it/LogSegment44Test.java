package dev.mixchannel.kafka.it;

/** {@link LogSegmentContract} on Kafka 4.4. */
class LogSegment44Test extends LogSegmentContract {

  @Override
  protected SegmentDriver driver() {
    return new Kafka44SegmentDriver();
  }
}
