// SPDX-License-Identifier: EPL-2.0
/**
 * Tests of the MPI tracer (tracer/, C): real MPI programs run under it, their traces modelled and
 * projected back, and its allocation failures injected. A bundle of its own, as the tracer has no
 * Java host bundle.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.tracer;
