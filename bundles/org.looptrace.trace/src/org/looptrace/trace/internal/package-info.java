// SPDX-License-Identifier: EPL-2.0
/** Implementation of trace parsing and of the pattern generators; not API. */
package org.looptrace.trace.internal;
