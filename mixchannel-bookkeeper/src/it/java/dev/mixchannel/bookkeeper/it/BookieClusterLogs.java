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
package dev.mixchannel.bookkeeper.it;

import dev.mixchannel.testkit.junit.ExpectedLog;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.slf4j.event.Level;

/**
 * The WARN and ERROR events every test of a {@link BookieCluster} provokes by running real bookies
 * and a ZooKeeper server in and beside its JVM, declared once for the log check.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExpectedLog(
    logger = "org.apache.bookkeeper",
    reason =
        "the BookKeeper client in this JVM (client, proto, common) warns about the bookies it loses")
@ExpectedLog(
    logger = "org.apache.bookkeeper",
    level = Level.ERROR,
    reason =
        "the client logs the adds in flight and the connections lost when a bookie dies as errors")
@ExpectedLog(logger = "org.apache.zookeeper.server.ServerCnxnFactory", contains = "maxCnxns")
@ExpectedLog(
    logger = "org.apache.zookeeper.server.NIOServerCnxn",
    contains = "Connection reset",
    reason = "a bookie killed with SIGKILL resets its ZooKeeper session's connection")
@interface BookieClusterLogs {}
