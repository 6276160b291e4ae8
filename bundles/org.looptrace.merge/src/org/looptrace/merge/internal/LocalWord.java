// SPDX-License-Identifier: EPL-2.0
package org.looptrace.merge.internal;

/**
 * A word of a local event: a trace token kept as its text, or an expression affine in the indices
 * of enclosing loops (a number that NLR found to follow them).
 */
public sealed interface LocalWord permits LocalWord.Token, AffineExpression {

	/** A symbol or a constant number, as its text. */
	record Token(String text) implements LocalWord {
	}
}
