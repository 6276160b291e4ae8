// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.osgi.util.NLS;
import org.eclipse.ui.texteditor.ITextEditor;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;

/**
 * Ctrl+Shift+F in a model: the language's formatter ({@link ModelText#format}, what
 * {@code looptrace format} runs), keeping the comments. Only the stretch of text that changes is
 * replaced, so markers and folding outside it stay; the caret stays on its line, at the same
 * distance from the line's first non-blank character.
 */
public class FormatHandler extends LoopsEditorHandler {

	@Override
	void edit(ITextEditor editor, IDocument document, ITextSelection selection) throws BadLocationException {
		String text = document.get();
		String formatted;
		try {
			formatted = ModelText.format(text, editor.getTitle());
		} catch (ModelTextException e) {
			MessageDialog.openInformation(editor.getSite().getShell(), Messages.Format_failedTitle,
					NLS.bind(Messages.Format_failed, e.getMessage()));
			return;
		}
		if (formatted.equals(text)) {
			return;
		}
		int caretLine = document.getLineOfOffset(selection.getOffset());
		int column = selection.getOffset() - document.getLineOffset(caretLine) - indentation(document, caretLine);
		int prefix = 0;
		int common = Math.min(text.length(), formatted.length());
		while (prefix < common && text.charAt(prefix) == formatted.charAt(prefix)) {
			prefix++;
		}
		int suffix = 0;
		while (suffix < common - prefix && text.charAt(text.length() - 1 - suffix) == formatted.charAt(formatted.length() - 1 - suffix)) {
			suffix++;
		}
		document.replace(prefix, text.length() - suffix - prefix, formatted.substring(prefix, formatted.length() - suffix));
		int line = Math.min(caretLine, document.getNumberOfLines() - 1);
		int lineLength = document.getLineInformation(line).getLength();
		int caret = document.getLineOffset(line) + Math.max(0, Math.min(lineLength, indentation(document, line) + column));
		editor.selectAndReveal(caret, 0);
	}

	private static int indentation(IDocument document, int line) throws BadLocationException {
		int offset = document.getLineOffset(line);
		int length = document.getLineInformation(line).getLength();
		int indentation = 0;
		while (indentation < length && Character.isWhitespace(document.getChar(offset + indentation))) {
			indentation++;
		}
		return indentation;
	}
}
