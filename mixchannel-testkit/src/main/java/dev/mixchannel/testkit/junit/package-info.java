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
/**
 * The checks that guard every test of a project that turns on JUnit's extension autodetection
 * (this jar declares both as services): {@link dev.mixchannel.testkit.junit.LeakCheckExtension}
 * fails a test that leaves a channel or file open or a {@code mixchannel-*} thread running, and
 * {@link dev.mixchannel.testkit.junit.LogCheckExtension} fails a test that logs an unexpected WARN
 * or ERROR event (recorded by the SLF4J provider in {@code
 * dev.mixchannel.testkit.junit.internal}). A test narrows them with {@link
 * dev.mixchannel.testkit.junit.LeakCheck} and {@link dev.mixchannel.testkit.junit.ExpectedLog};
 * {@code @ExpectedLog} also works as a meta-annotation, so a fixture can name the events its
 * set-up logs once.
 */
package dev.mixchannel.testkit.junit;
