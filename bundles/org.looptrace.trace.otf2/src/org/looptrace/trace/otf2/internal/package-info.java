// SPDX-License-Identifier: EPL-2.0
/**
 * How OTF2 archives are read, not API: the calls into libotf2 through the Foreign Function and
 * Memory API (downcalls, and upcall stubs for the library's callbacks), the global definitions
 * resolved into ranks and communicators, and the pull reader of one rank's events. Types are
 * non-null unless marked {@code @Nullable}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.trace.otf2.internal;
