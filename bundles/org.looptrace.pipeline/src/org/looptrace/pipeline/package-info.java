// SPDX-License-Identifier: EPL-2.0
/**
 * The whole modeling pipeline of a run, trace folder to local models (NLR, one pass per rank) to
 * global model (the merge), for the CLI and the IDE. It sits above the stages so that each of them
 * depends only on what it reads: the merge on models, NLR on traces.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.pipeline;
