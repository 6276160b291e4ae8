// SPDX-License-Identifier: EPL-2.0
/**
 * LoopTrace Nested Loop Recognition: the local model of one rank's trace, found in one streaming
 * pass (Ketterlin and Clauss, CGO 2008) by {@link org.looptrace.nlr.NestedLoopRecognizer}, and of
 * every rank of a trace folder in parallel by {@link org.looptrace.nlr.Nlr}. Memory stays bounded
 * whatever the length of the trace; the model expands back to the trace, event for event.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.nlr;
