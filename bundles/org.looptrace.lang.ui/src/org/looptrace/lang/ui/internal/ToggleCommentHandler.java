// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * Ctrl+/ in a model: the lines of the selection become {@code //} comments, or stop being comments
 * when all of them (blank lines aside) are. As JDT does, {@code //} goes at the start of each line,
 * so that toggling twice gives the text back.
 */
public class ToggleCommentHandler extends LoopsEditorHandler {

	private static final String COMMENT = "//";

	@Override
	void edit(ITextEditor editor, IDocument document, ITextSelection selection) throws BadLocationException {
		int first = selection.getStartLine();
		int last = selection.getEndLine();
		// A selection ending at the start of a line does not take that line (as in JDT).
		if (last > first && selection.getLength() > 0 && document.getLineOffset(last) == selection.getOffset() + selection.getLength()) {
			last--;
		}
		boolean uncomment = true;
		for (int line = first; line <= last; line++) {
			String text = line(document, line).strip();
			if (!text.isEmpty() && !text.startsWith(COMMENT)) {
				uncomment = false;
			}
		}
		for (int line = last; line >= first; line--) {
			int offset = document.getLineOffset(line);
			String text = line(document, line);
			if (uncomment) {
				int comment = text.indexOf(COMMENT);
				if (comment >= 0) {
					document.replace(offset + comment, COMMENT.length(), "");
				}
			} else {
				document.replace(offset, 0, COMMENT);
			}
		}
		// The toggled lines stay selected, so that Ctrl+/ again gives them back.
		int start = document.getLineOffset(first);
		IRegion end = document.getLineInformation(last);
		editor.selectAndReveal(start, end.getOffset() + end.getLength() - start);
	}

	private static String line(IDocument document, int line) throws BadLocationException {
		IRegion region = document.getLineInformation(line);
		return document.get(region.getOffset(), region.getLength());
	}
}
