// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.TextAttribute;
import org.eclipse.jface.text.presentation.PresentationReconciler;
import org.eclipse.jface.text.rules.DefaultDamagerRepairer;
import org.eclipse.jface.text.rules.EndOfLineRule;
import org.eclipse.jface.text.rules.IRule;
import org.eclipse.jface.text.rules.IWordDetector;
import org.eclipse.jface.text.rules.MultiLineRule;
import org.eclipse.jface.text.rules.NumberRule;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.jface.text.rules.Token;
import org.eclipse.jface.text.rules.WordRule;
import org.eclipse.jface.util.IPropertyChangeListener;
import org.eclipse.jface.util.PropertyChangeEvent;
import org.eclipse.swt.SWT;
import org.looptrace.model.core.Tokens;

/**
 * Lexical highlighting of {@code .loops} text: the tokens of the grammar's terminals
 * ({@code Loops.xtext}): keywords, numbers, strings and {@code //} comments, in the colours of the
 * preferences ({@link EditorPreferences}), redrawn when they change.
 */
public class LoopsPresentationReconciler extends PresentationReconciler implements IPropertyChangeListener {

	/** The font style of each lexical style. */
	private static final Map<String, Integer> FONT_STYLES = Map.of(EditorPreferences.KEYWORD, SWT.BOLD,
			EditorPreferences.NUMBER, SWT.NORMAL, EditorPreferences.STRING, SWT.NORMAL, EditorPreferences.COMMENT, SWT.ITALIC);

	private final Map<String, Token> tokens = new LinkedHashMap<>();
	private @Nullable ITextViewer viewer;

	/** Sets up one scanner for the whole document: the language has no multi-line partitions but strings. */
	public LoopsPresentationReconciler() {
		FONT_STYLES.keySet().forEach(style -> tokens.put(style, new Token(null)));
		updateTokens();
		RuleBasedScanner scanner = new RuleBasedScanner();
		WordRule words = new WordRule(new IdentifierDetector(), Token.UNDEFINED);
		// The grammar's keywords that are words (its other keywords are punctuation).
		Tokens.KEYWORDS.forEach(word -> words.addWord(word, tokens.get(EditorPreferences.KEYWORD)));
		scanner.setRules(new IRule[] { new EndOfLineRule("//", tokens.get(EditorPreferences.COMMENT)),
				new MultiLineRule("\"", "\"", tokens.get(EditorPreferences.STRING), '\\'), words,
				new NumberRule(tokens.get(EditorPreferences.NUMBER)) });
		DefaultDamagerRepairer damagerRepairer = new DefaultDamagerRepairer(scanner);
		setDamager(damagerRepairer, IDocument.DEFAULT_CONTENT_TYPE);
		setRepairer(damagerRepairer, IDocument.DEFAULT_CONTENT_TYPE);
	}

	@Override
	public void install(@Nullable ITextViewer textViewer) {
		super.install(textViewer);
		viewer = textViewer;
		EditorPreferences.store().addPropertyChangeListener(this);
	}

	@Override
	public void uninstall() {
		EditorPreferences.store().removePropertyChangeListener(this);
		viewer = null;
		super.uninstall();
	}

	/** A colour changed on the preference page: the tokens take it and the text is redrawn. */
	@Override
	public void propertyChange(@Nullable PropertyChangeEvent event) {
		ITextViewer textViewer = viewer;
		if (event == null || textViewer == null || !event.getProperty().startsWith(EditorPreferences.colourKey(""))) {
			return;
		}
		updateTokens();
		textViewer.invalidateTextPresentation();
	}

	private void updateTokens() {
		tokens.forEach((style, token) -> token.setData(new TextAttribute(EditorPreferences.colour(style), null, FONT_STYLES.get(style))));
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
