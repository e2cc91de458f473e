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
package dev.mixchannel.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A wrapper that inherited a default method of {@link StorageTier} would answer for itself instead
 * of the tier it wraps: for {@link StorageTier#refusedKeys()} that answer ("none") would let a
 * refused key be created anew. So the base of every wrapper overrides each method.
 */
class ForwardingStorageTierTest {

  @Test
  void shouldOverrideEveryMethodOfStorageTier() throws NoSuchMethodException {
    List<String> inherited = new ArrayList<>();
    for (Method method : StorageTier.class.getMethods()) {
      if (Modifier.isStatic(method.getModifiers())) {
        continue;
      }
      Method own =
          ForwardingStorageTier.class.getMethod(method.getName(), method.getParameterTypes());
      if (own.getDeclaringClass() != ForwardingStorageTier.class) {
        inherited.add(method.getName());
      }
    }
    assertThat(inherited).isEmpty();
  }
}
