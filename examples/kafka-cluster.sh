#!/usr/bin/env bash
# Copyright The MixChannel Authors
# SPDX-License-Identifier: Apache-2.0
# A 3-broker KRaft cluster on loopback, every broker a stock Kafka with the MixChannel agent
# (a PMem tier on /dev/shm; the broker's log dir is the last tier, where sealed segments are demoted
# into their own .log files). It creates a topic with replication factor 3, kills one broker with
# SIGKILL while a producer writes with acks=all, restarts it, and reads every acknowledged record
# back.
#
#   examples/kafka-cluster.sh            # uses Kafka 4.4.0 jars fetched by Maven
#   RECORDS=200000 examples/kafka-cluster.sh
#
# Environment: KAFKA_LIBS (a directory of Kafka jars), AGENT_JAR, RECORDS (default 60000),
# PMEM_CAPACITY (each broker's PMem tier, default 16m), WORK (default a new directory under
# /var/tmp), KEEP=1 to keep the work directory.
# Only processes this script started are ever stopped or killed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
IT="$ROOT/mixchannel-kafka-it-44"
KAFKA_LIBS="${KAFKA_LIBS:-$IT/target/kafka-libs}"
AGENT_JAR="${AGENT_JAR:-$IT/target/agent/mixchannel-kafka-agent.jar}"
RECORDS="${RECORDS:-60000}"
PMEM_CAPACITY="${PMEM_CAPACITY:-16m}"
WORK="${WORK:-$(mktemp -d /var/tmp/mixchannel-cluster.XXXXXX)}"
SHM="/dev/shm/mixchannel-cluster-$$"
JAVA="${JAVA:-java}"
declare -a PIDS=("" "" "" "")

log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*"; }

# Kafka jars and the agent: Maven fetches them (Maven Central only) into the it module's target.
if [[ ! -f "$AGENT_JAR" || ! -d "$KAFKA_LIBS" ]]; then
  log "fetching Kafka 4.4.0 jars and building the agent with Maven"
  (cd "$ROOT" && mvn -B -q install -Dmaven.test.skip=true -pl mixchannel-kafka -am)
  (cd "$ROOT" && mvn -B -q -f "$IT/pom.xml" generate-test-resources)
fi

cleanup() {
  local status=$?
  for i in 1 2 3; do
    if [[ -n "${PIDS[$i]}" ]] && kill -0 "${PIDS[$i]}" 2>/dev/null; then
      kill -TERM "${PIDS[$i]}" 2>/dev/null || true
    fi
  done
  for i in 1 2 3; do
    [[ -n "${PIDS[$i]}" ]] || continue
    for _ in $(seq 1 60); do kill -0 "${PIDS[$i]}" 2>/dev/null || break; sleep 1; done
    kill -KILL "${PIDS[$i]}" 2>/dev/null || true
  done
  rm -rf "$SHM"
  if [[ "${KEEP:-0}" != 1 ]]; then rm -rf "$WORK"; else log "kept $WORK"; fi
  exit $status
}
trap cleanup EXIT

free_port() {
  local port
  for port in $(seq "$1" $(( $1 + 200 ))); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  echo "no free port from $1" >&2; return 1
}

declare -a BROKER_PORT CONTROLLER_PORT
next=29092
for i in 1 2 3; do
  BROKER_PORT[$i]=$(free_port $next); next=$(( BROKER_PORT[$i] + 1 ))
  CONTROLLER_PORT[$i]=$(free_port $next); next=$(( CONTROLLER_PORT[$i] + 1 ))
done
VOTERS="1@127.0.0.1:${CONTROLLER_PORT[1]},2@127.0.0.1:${CONTROLLER_PORT[2]},3@127.0.0.1:${CONTROLLER_PORT[3]}"
BOOTSTRAP="127.0.0.1:${BROKER_PORT[1]},127.0.0.1:${BROKER_PORT[2]},127.0.0.1:${BROKER_PORT[3]}"
CLUSTER_ID=$("$JAVA" -cp "$KAFKA_LIBS/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -1)

for i in 1 2 3; do
  node="$WORK/node$i"
  mkdir -p "$node" "$SHM/node$i"
  cat > "$node/server.properties" <<EOF
process.roles=broker,controller
node.id=$i
controller.quorum.voters=$VOTERS
listeners=PLAINTEXT://127.0.0.1:${BROKER_PORT[$i]},CONTROLLER://127.0.0.1:${CONTROLLER_PORT[$i]}
advertised.listeners=PLAINTEXT://127.0.0.1:${BROKER_PORT[$i]}
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$node/logs
default.replication.factor=3
min.insync.replicas=2
offsets.topic.replication.factor=3
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=3
transaction.state.log.min.isr=2
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=2
log.cleaner.dedupe.buffer.size=4194304
# MixChannel: the agent reads these from this same file. Only the fast tier is configured: the
# log dir is the last tier, where a sealed segment is demoted into its own .log file.
mixchannel.tiers=pmem
mixchannel.tier.pmem.kind=PMEM
mixchannel.tier.pmem.paths=$SHM/node$i
mixchannel.tier.pmem.capacity=${PMEM_CAPACITY}
mixchannel.pmem.extent.size=1m
mixchannel.migrate.threshold=0.5
EOF
  cat > "$node/log4j2.properties" <<EOF
appender.file.type=File
appender.file.name=file
appender.file.fileName=$node/server.log
appender.file.layout.type=PatternLayout
appender.file.layout.pattern=[%d] %p %m (%c)%n
rootLogger.level=INFO
rootLogger.appenderRef.file.ref=file
EOF
  "$JAVA" -cp "$KAFKA_LIBS/*" kafka.tools.StorageTool format -t "$CLUSTER_ID" \
      -c "$node/server.properties" > "$node/format.log" 2>&1
done

start_broker() {
  local i=$1 node="$WORK/node$1"
  "$JAVA" -Xms256m -Xmx512m -XX:+UseSerialGC \
      "-javaagent:$AGENT_JAR=$node/server.properties" \
      "-Dlog4j2.configurationFile=$node/log4j2.properties" \
      -cp "$KAFKA_LIBS/*" kafka.Kafka "$node/server.properties" >> "$node/stdout.log" 2>&1 &
  PIDS[$i]=$!
  log "broker $i started: pid=${PIDS[$i]}, port=${BROKER_PORT[$i]}"
}

await_port() {
  local i=$1
  for _ in $(seq 1 180); do
    if (exec 3<>"/dev/tcp/127.0.0.1/${BROKER_PORT[$i]}") 2>/dev/null; then return 0; fi
    kill -0 "${PIDS[$i]}" 2>/dev/null || { log "broker $i died"; tail -20 "$WORK/node$i/server.log"; return 1; }
    sleep 0.5
  done
  log "broker $i did not open its port in 90 s"; return 1
}

for i in 1 2 3; do start_broker "$i"; done
for i in 1 2 3; do await_port "$i"; done

# The client: a single Java source file run by the java launcher with the Kafka jars.
cat > "$WORK/ClusterClient.java" <<'EOF'
import java.nio.file.*;
import java.time.Duration;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import org.apache.kafka.clients.admin.*;
import org.apache.kafka.clients.consumer.*;
import org.apache.kafka.clients.producer.*;
import org.apache.kafka.common.*;
import org.apache.kafka.common.serialization.*;

public class ClusterClient {
  // About 220-byte values, so each partition rolls several 1 MiB segments (some are demoted).
  static final String PAD = "-" + "x".repeat(200);

  public static void main(String[] a) throws Exception {
    String bootstrap = a[1];
    switch (a[0]) {
      case "create" -> {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
          while (true) {
            try {
              admin.createTopics(List.of(new NewTopic("orders", 3, (short) 3)
                  .configs(Map.of("min.insync.replicas", "2", "segment.bytes", "1048576"))))
                  .all().get(30, TimeUnit.SECONDS);
              return;
            } catch (ExecutionException e) {
              if (System.nanoTime() > deadline) throw e;
              Thread.sleep(1000);
            }
          }
        }
      }
      case "produce" -> {
        int n = Integer.parseInt(a[2]);
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("acks", "all");
        p.put("enable.idempotence", "true");
        p.put("delivery.timeout.ms", "120000");
        p.put("linger.ms", "5");
        AtomicLong acked = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        Path ackedKeys = Path.of(a[3]);
        Set<Integer> ok = ConcurrentHashMap.newKeySet();
        try (KafkaProducer<String, String> producer =
            new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
          for (int i = 0; i < n; i++) {
            final int key = i;
            producer.send(new ProducerRecord<>("orders", Integer.toString(i), "order-" + i + PAD),
                (m, e) -> { if (e == null) { acked.incrementAndGet(); ok.add(key); } else failed.incrementAndGet(); });
            if (i % 5000 == 0) {
              System.out.println("sent " + i + ", acked " + acked.get());
              Thread.sleep(200);
            }
          }
          producer.flush();
        }
        StringBuilder keys = new StringBuilder();
        ok.forEach(k -> keys.append(k).append('\n'));
        Files.writeString(ackedKeys, keys);
        System.out.println("producer done: acked=" + acked.get() + ", failed=" + failed.get());
      }
      case "verify" -> {
        Set<Integer> expected = new HashSet<>();
        for (String line : Files.readAllLines(Path.of(a[2]))) expected.add(Integer.parseInt(line));
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("enable.auto.commit", "false");
        Map<Integer, Integer> seen = new HashMap<>();
        int wrong = 0;
        try (KafkaConsumer<String, String> consumer =
            new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
          List<TopicPartition> parts = List.of(new TopicPartition("orders", 0),
              new TopicPartition("orders", 1), new TopicPartition("orders", 2));
          consumer.assign(parts);
          consumer.seekToBeginning(parts);
          Map<TopicPartition, Long> end = consumer.endOffsets(parts);
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
          while (parts.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("read timed out");
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
              int key = Integer.parseInt(r.key());
              seen.merge(key, 1, Integer::sum);
              if (!r.value().equals("order-" + key + PAD)) wrong++;
            }
          }
        }
        long lost = expected.stream().filter(k -> !seen.containsKey(k)).count();
        long duplicates = seen.values().stream().filter(c -> c > 1).count();
        System.out.println("acknowledged=" + expected.size() + ", read=" + seen.size()
            + ", lost=" + lost + ", duplicated=" + duplicates + ", wrong=" + wrong);
        if (lost > 0 || wrong > 0) System.exit(1);
      }
      case "isr" -> {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
          for (var partition : admin.describeTopics(List.of("orders")).allTopicNames()
              .get(30, TimeUnit.SECONDS).get("orders").partitions()) {
            System.out.println("partition " + partition.partition() + ": leader="
                + partition.leader().id() + ", isr=" + partition.isr().stream().map(Node::id).toList());
          }
        }
      }
      default -> throw new IllegalArgumentException(a[0]);
    }
  }
}
EOF
client() { "$JAVA" -cp "$KAFKA_LIBS/*" "$WORK/ClusterClient.java" "$@"; }

log "creating topic orders: 3 partitions, replication factor 3, min.insync.replicas 2"
client create "$BOOTSTRAP"

log "producing $RECORDS records with acks=all"
client produce "$BOOTSTRAP" "$RECORDS" "$WORK/acked-keys.txt" > "$WORK/producer.log" 2>&1 &
PRODUCER=$!
for _ in $(seq 1 60); do grep -q "sent 10000" "$WORK/producer.log" 2>/dev/null && break; sleep 0.5; done

log "killing broker 2 with SIGKILL: pid=${PIDS[2]}"
kill -KILL "${PIDS[2]}"
wait "${PIDS[2]}" 2>/dev/null || true
sleep 5
start_broker 2
await_port 2

for _ in $(seq 1 240); do kill -0 "$PRODUCER" 2>/dev/null || break; sleep 0.5; done
if kill -0 "$PRODUCER" 2>/dev/null; then log "producer still running after 2 minutes"; kill -KILL "$PRODUCER"; exit 1; fi
wait "$PRODUCER"
tail -1 "$WORK/producer.log"

log "waiting for broker 2 to rejoin every ISR"
for _ in $(seq 1 60); do
  client isr "$BOOTSTRAP" > "$WORK/isr.txt" 2>/dev/null || true
  [[ $(grep -c "isr=\[.*,.*,.*\]" "$WORK/isr.txt" || true) -eq 3 ]] && break
  sleep 1
done
cat "$WORK/isr.txt"

log "reading every record back"
client verify "$BOOTSTRAP" "$WORK/acked-keys.txt"
segments() { find "$WORK/node2/logs" -regextype posix-extended -regex '.*/[0-9]{20}\.log' "$@" | wc -l; }
cold=$(segments -size +0)
hot=$(segments -size 0)
log "segments of broker 2: $cold in their own .log files (cold), $hot on PMem behind empty placeholders (hot); pool $(du -sh "$SHM/node2" | cut -f1) on /dev/shm"
log "no acknowledged record lost"
