// SPDX-License-Identifier: EPL-2.0
/**
 * OTF2 archives (Score-P, EZTrace, TAU) as the input of a run: {@link org.looptrace.trace.otf2.Otf2Archive}
 * reads an archive's definitions and each MPI rank's events through libotf2, the reference library,
 * and maps them onto LoopTrace's events and data records (docs/FORMATS.md says how);
 * {@link org.looptrace.trace.otf2.TraceSource} makes what a user names, a trace folder or an archive,
 * into the trace folder the engine reads, for the command line and the IDE alike. Types are non-null
 * unless marked {@code @Nullable}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.trace.otf2;
