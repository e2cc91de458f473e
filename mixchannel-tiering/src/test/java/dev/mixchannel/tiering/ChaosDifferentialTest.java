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

import dev.mixchannel.api.PmemBackend;
import dev.mixchannel.testkit.channel.ChannelFactory;
import dev.mixchannel.testkit.differential.DifferentialSuite;
import dev.mixchannel.testkit.junit.ExpectedLog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;

/**
 * The differential suite while a background thread migrates the open keys between a PMem tier and a
 * file tier without pause: every operation must still match the JDK, locks and interrupts included.
 * The long run: see the README's test section.
 */
@Tag("slow")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.Migrator",
    contains = "migration failed",
    reason = "the chaos mover fills the small PMem tier")
@ExpectedLog(
    logger = "dev.mixchannel.tiering.internal.MixChannelImpl",
    contains = "closing an interrupted handle failed",
    reason = "the generator interrupts blocked operations")
class ChaosDifferentialTest extends DifferentialSuite {
  private final List<ChaosChannelFactory> factories = new ArrayList<>();

  @Override
  protected ChannelFactory createFactory(Path tempDir) throws IOException {
    ChaosChannelFactory factory = PmemFactories.chaos(tempDir, PmemBackend.AUTO);
    factories.add(factory);
    return factory;
  }

  /** The migrations the movers of this run made, for the long run's summary. */
  @Override
  protected String summary() {
    return "migrations=" + factories.stream().mapToLong(ChaosChannelFactory::migrations).sum();
  }
}
