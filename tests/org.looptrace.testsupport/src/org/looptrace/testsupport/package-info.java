// SPDX-License-Identifier: EPL-2.0
/**
 * What the test bundles share, written once: the projection invariant (a model's events owned by
 * a rank are that rank's trace) as one assertion, the one generator of random consistent
 * programs the property tests draw from, the labelled programs of hand-rolled collectives that
 * pattern detection is measured against, programs of steps that a test edits in one place to
 * compare two versions, random pairs of model texts one of which lacks constructs of the other,
 * the generated patterns at the small sizes of the tests over all of them, and {@code looptrace}
 * run on a terminal of its own, to be sent Ctrl-C or SIGTERM.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.testsupport;
