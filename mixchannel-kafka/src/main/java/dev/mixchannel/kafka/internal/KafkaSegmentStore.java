package dev.mixchannel.kafka.internal;

import dev.mixchannel.api.SizeHint;
import dev.mixchannel.kafka.KafkaAdapterMXBean;
import dev.mixchannel.tiering.MixChannel;
import dev.mixchannel.tiering.TierManager;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.LongSupplier;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka's segment files on a {@link TierManager}: each segment's bytes live under a tier key, and
 * the segment file Kafka sees (the anchor) stays empty. Opens, renames and deletes that Kafka makes
 * through {@code FileRecords} arrive here; the {@link Reconciler} repairs what Kafka changed
 * without it.
 *
 * <p>Invariants: an anchor is always changed before its key (created before, renamed before,
 * deleted before), so after a crash a key is at most one step behind its anchor; an anchor with
 * bytes is complete and authoritative (only a broker without the adapter, or {@code Evacuate}
 * through an atomic rename, writes bytes into an anchor), so opening it imports its bytes.
 *
 * <p>Thread-safe: Kafka's operations run concurrently under the shared side of one lock; each
 * reconcile action takes the exclusive side. Owns the manager: {@link #close()} closes it.
 */
public final class KafkaSegmentStore implements KafkaAdapterMXBean, AutoCloseable {

  /** Suffix of the temporary key an import copies an anchor's bytes into. */
  public static final String IMPORT_SUFFIX = ".mixchannel-import";

  private static final Logger LOG = LoggerFactory.getLogger(KafkaSegmentStore.class);

  private final TierManager manager;
  private final LogDirs logDirs;
  private final LongSupplier clockMillis;
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final AdapterCounters counters = new AdapterCounters();
  private final Reconciler reconciler;
  private final KeyAdopter adopter;
  private final ScheduledExecutorService sweeper;
  private final ObjectName mbeanName;
  private final Object channelsLock = new Object();
  private long openChannels;
  private volatile boolean closed;

  private KafkaSegmentStore(
      TierManager manager, LogDirs logDirs, LongSupplier clockMillis, boolean jmx)
      throws JMException {
    this.manager = manager;
    this.logDirs = logDirs;
    this.clockMillis = clockMillis;
    this.reconciler = new Reconciler(manager, logDirs, lock.writeLock(), counters);
    this.adopter = new KeyAdopter(manager, counters);
    this.sweeper =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "mixchannel-kafka-sweep-1");
              t.setDaemon(true);
              return t;
            });
    ObjectName name = null;
    if (jmx) {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      name = new ObjectName(OBJECT_NAME);
      if (!server.isRegistered(name)) {
        server.registerMBean(this, name);
      } else {
        name = null;
      }
    }
    this.mbeanName = name;
  }

  /**
   * Opens the store: reconciles every key of the known log dirs with their anchors, then starts the
   * periodic sweep.
   *
   * @param manager the tiers; owned by the store from now on
   * @param logDirs the log dirs
   * @param sweepIntervalMillis milliseconds between two sweeps, 0 for none
   * @param clockMillis the wall clock for anchor times
   * @param jmx whether to register {@link KafkaAdapterMXBean} (skipped when one is registered)
   * @return the store
   * @throws IOException when the first reconcile fails; the manager is closed then
   */
  public static KafkaSegmentStore open(
      TierManager manager,
      LogDirs logDirs,
      long sweepIntervalMillis,
      LongSupplier clockMillis,
      boolean jmx)
      throws IOException {
    KafkaSegmentStore store;
    try {
      store = new KafkaSegmentStore(manager, logDirs, clockMillis, jmx);
    } catch (JMException | RuntimeException e) {
      try {
        manager.close();
      } catch (RuntimeException | IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw new IOException("cannot register the adapter MBean: name=" + OBJECT_NAME, e);
    }
    try {
      store.reconcile(false);
    } catch (IOException | RuntimeException e) {
      try {
        store.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    if (sweepIntervalMillis > 0) {
      store.sweeper.scheduleWithFixedDelay(
          store::sweep, sweepIntervalMillis, sweepIntervalMillis, TimeUnit.MILLISECONDS);
    }
    return store;
  }

  /**
   * The tiers.
   *
   * @return the manager
   */
  public TierManager manager() {
    return manager;
  }

  /**
   * The log dirs.
   *
   * @return the log dirs
   */
  public LogDirs logDirs() {
    return logDirs;
  }

  /**
   * Opens a segment for Kafka.
   *
   * @param segment the segment
   * @param mutable whether Kafka opens it for writing
   * @param initFileSize Kafka's expected size, a placement hint only
   * @return the channel, or empty when a read-only open finds no key (Kafka then opens the anchor
   *     itself, as a broker without the adapter would)
   * @throws IOException when the tiers fail
   */
  public Optional<FileChannel> open(SegmentPath segment, boolean mutable, int initFileSize)
      throws IOException {
    lock.readLock().lock();
    try {
      checkOpen();
      String key = segment.key();
      Path anchor = segment.anchor();
      if (!mutable) {
        if (!manager.exists(key)) {
          return Optional.empty();
        }
        return Optional.of(wrap(manager.open(key, StandardOpenOption.READ), anchor));
      }
      if (!Files.exists(anchor)) {
        // A new segment: a key left from a deleted one of the same name is stale.
        if (manager.delete(key)) {
          LOG.info("deleted a stale key before Kafka created its segment: key={}", key);
        }
        createAnchor(anchor);
      } else if (Files.size(anchor) > 0) {
        AnchorCopies.importAnchor(manager, segment, counters);
      } else {
        adopter.adopt(segment);
      }
      adopter.opened(segment);
      MixChannel channel =
          manager.open(
              key,
              StandardOpenOption.READ,
              StandardOpenOption.WRITE,
              StandardOpenOption.CREATE,
              SizeHint.of(Math.max(0, initFileSize)));
      counters.opens.increment();
      return Optional.of(wrap(channel, anchor));
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Follows a rename Kafka made of a segment's anchor (a suffix change, or its partition directory
   * moved).
   *
   * @param channel the segment's channel, pointed at the new anchor when it is an {@link
   *     AnchorChannel}
   * @param from the segment before
   * @param to the segment after
   * @throws IOException when the tiers fail
   */
  public void renamed(FileChannel channel, SegmentPath from, SegmentPath to) throws IOException {
    lock.readLock().lock();
    try {
      checkOpen();
      if (channel instanceof AnchorChannel anchored) {
        anchored.anchorMoved(to.anchor());
      }
      String fromKey = from.key();
      String toKey = to.key();
      if (fromKey.equals(toKey)) {
        return;
      }
      adopter.renamed(fromKey, toKey);
      if (manager.exists(fromKey)) {
        manager.rename(fromKey, toKey);
        counters.renames.increment();
      } else if (!manager.exists(toKey)) {
        LOG.warn(
            "Kafka renamed a segment that has no key: from={}, to={} ({})",
            fromKey,
            toKey,
            to.anchor());
      }
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Follows Kafka's deletion of a segment's anchor.
   *
   * @param segment the segment
   * @throws IOException when the tiers fail
   */
  public void deleted(SegmentPath segment) throws IOException {
    lock.readLock().lock();
    try {
      checkOpen();
      adopter.deleted(segment.key());
      if (manager.delete(segment.key())) {
        counters.deletes.increment();
      }
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * One reconcile pass now (see {@link Reconciler}).
   *
   * @param confirm act only on orphans the previous confirmed pass saw too
   * @return the number of keys renamed or deleted
   * @throws IOException when the tiers fail
   */
  public synchronized int reconcile(boolean confirm) throws IOException {
    checkOpen();
    int actions = reconciler.doWork(confirm);
    counters.sweeps.increment();
    return actions;
  }

  /**
   * Waits until Kafka has closed every segment channel this store handed out.
   *
   * @param timeoutMillis the longest wait
   * @return whether none is open
   * @throws InterruptedException when interrupted
   */
  public boolean awaitChannelsClosed(long timeoutMillis) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    synchronized (channelsLock) {
      while (openChannels > 0) {
        long leftNanos = deadline - System.nanoTime();
        if (leftNanos <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(channelsLock, leftNanos);
      }
      return true;
    }
  }

  /**
   * Stops the sweep, unregisters the MBean and closes the tiers. Idempotent.
   *
   * @throws IOException when closing the tiers fails
   */
  @Override
  public void close() throws IOException {
    lock.writeLock().lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
    } finally {
      lock.writeLock().unlock();
    }
    sweeper.shutdownNow();
    try {
      sweeper.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (mbeanName != null) {
      try {
        ManagementFactory.getPlatformMBeanServer().unregisterMBean(mbeanName);
      } catch (JMException e) {
        LOG.debug("adapter MBean already gone: name={}", mbeanName, e);
      }
    }
    manager.close();
  }

  @Override
  public String[] getSegmentTiers() {
    List<String> lines = new ArrayList<>();
    try {
      Map<String, String> tiers = new TreeMap<>();
      for (String key : manager.keys()) {
        if (SegmentKey.parse(key).isPresent()) {
          tiers.put(key, manager.tierOf(key));
        }
      }
      tiers.forEach((key, tier) -> lines.add(tier + " " + key));
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException("cannot list the segment keys: " + e.getMessage(), e);
    }
    return lines.toArray(String[]::new);
  }

  @Override
  public String[] getLogDirs() {
    List<String> lines = new ArrayList<>();
    logDirs.known().forEach((tag, dir) -> lines.add(tag + " " + dir));
    return lines.toArray(String[]::new);
  }

  @Override
  public long getOpens() {
    return counters.opens.sum();
  }

  @Override
  public long getImports() {
    return counters.imports.sum();
  }

  @Override
  public long getAdoptions() {
    return counters.adoptions.sum();
  }

  @Override
  public long getRenames() {
    return counters.renames.sum();
  }

  @Override
  public long getDeletes() {
    return counters.deletes.sum();
  }

  @Override
  public long getSweepRenames() {
    return counters.sweepRenames.sum();
  }

  @Override
  public long getSweepDeletes() {
    return counters.sweepDeletes.sum();
  }

  @Override
  public long getSweeps() {
    return counters.sweeps.sum();
  }

  private void sweep() {
    try {
      reconcile(true);
    } catch (IOException | RuntimeException e) {
      // A background pass has no caller to throw to; the next pass retries.
      LOG.warn("orphan sweep failed; retrying in the next pass: {}", e.toString(), e);
    }
  }

  private FileChannel wrap(MixChannel channel, Path anchor) {
    synchronized (channelsLock) {
      openChannels++;
    }
    return new AnchorChannel(channel, anchor, clockMillis, this::channelClosed);
  }

  private void channelClosed() {
    synchronized (channelsLock) {
      openChannels--;
      if (openChannels == 0) {
        channelsLock.notifyAll();
      }
    }
  }

  private static void createAnchor(Path anchor) throws IOException {
    try {
      Files.createFile(anchor);
    } catch (FileAlreadyExistsException e) {
      // Created between our check and now: the same empty anchor.
      return;
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(
          anchor.toString(), null, "partition directory missing: cannot create the anchor");
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("Kafka adapter closed: tiers=" + manager);
    }
  }
}
