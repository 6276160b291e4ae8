// SPDX-License-Identifier: EPL-2.0
/**
 * What the test bundles share, written once: the projection invariant (a model's events owned by
 * a rank are that rank's trace) as one assertion, and the one generator of random consistent
 * programs the property tests draw from.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.testsupport;
