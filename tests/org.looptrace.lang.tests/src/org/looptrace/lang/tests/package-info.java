// SPDX-License-Identifier: EPL-2.0
/**
 * Tests of the model text language: parse and print round trips and formatting on random models
 * ({@code RandomModels}), expansion of parsed models, each validation rule, and content assist at a
 * cursor marked {@code |}. {@code Texts} holds the language's injector and the example models.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.lang.tests;
