// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.List;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.TextAttribute;
import org.eclipse.jface.text.presentation.PresentationReconciler;
import org.eclipse.jface.text.rules.DefaultDamagerRepairer;
import org.eclipse.jface.text.rules.EndOfLineRule;
import org.eclipse.jface.text.rules.IRule;
import org.eclipse.jface.text.rules.IToken;
import org.eclipse.jface.text.rules.IWordDetector;
import org.eclipse.jface.text.rules.MultiLineRule;
import org.eclipse.jface.text.rules.NumberRule;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.jface.text.rules.Token;
import org.eclipse.jface.text.rules.WordRule;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;

/**
 * Lexical highlighting of {@code .loops} text: the tokens of the grammar's terminals
 * ({@code Loops.xtext}): keywords, numbers, strings and {@code //} comments.
 */
public class LoopsPresentationReconciler extends PresentationReconciler {

	/** The keywords of the grammar that are words (its other keywords are punctuation). */
	static final List<String> KEYWORDS = List.of("for", "done", "to", "get", "send", "recv", "sync", "local");

	/** Sets up one scanner for the whole document: the language has no multi-line partitions but strings. */
	public LoopsPresentationReconciler() {
		RuleBasedScanner scanner = new RuleBasedScanner();
		scanner.setRules(rules());
		DefaultDamagerRepairer damagerRepairer = new DefaultDamagerRepairer(scanner);
		setDamager(damagerRepairer, IDocument.DEFAULT_CONTENT_TYPE);
		setRepairer(damagerRepairer, IDocument.DEFAULT_CONTENT_TYPE);
	}

	private static IRule[] rules() {
		IToken keyword = token(new Color(127, 0, 85), SWT.BOLD);
		IToken number = token(new Color(0, 0, 192), SWT.NORMAL);
		IToken string = token(new Color(42, 0, 255), SWT.NORMAL);
		IToken comment = token(new Color(63, 127, 95), SWT.ITALIC);
		WordRule words = new WordRule(new IdentifierDetector(), Token.UNDEFINED);
		KEYWORDS.forEach(word -> words.addWord(word, keyword));
		return new IRule[] { new EndOfLineRule("//", comment), new MultiLineRule("\"", "\"", string, '\\'), words,
				new NumberRule(number) };
	}

	private static IToken token(Color foreground, int style) {
		return new Token(new TextAttribute(foreground, null, style));
	}

	/** The grammar's ID terminal: a keyword is highlighted only as a whole word. */
	private static final class IdentifierDetector implements IWordDetector {
		@Override
		public boolean isWordStart(char c) {
			return c == '_' || c < 128 && Character.isLetter(c);
		}

		@Override
		public boolean isWordPart(char c) {
			return isWordStart(c) || c >= '0' && c <= '9';
		}
	}
}
