// SPDX-License-Identifier: EPL-2.0
/**
 * The NLR engine: hash-consed terms, unification, the reduction stack and the conversion of its
 * terms to the EMF model. Not API.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.nlr.internal;
