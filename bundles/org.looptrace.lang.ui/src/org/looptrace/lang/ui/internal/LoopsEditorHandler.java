// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRewriteTarget;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * A command of the {@code .loops} editor that edits its document: the edit is one undoable change
 * whatever number of replacements it makes.
 */
abstract class LoopsEditorHandler extends AbstractHandler {

	@Override
	public final @Nullable Object execute(@Nullable ExecutionEvent event) throws ExecutionException {
		if (!(HandlerUtil.getActiveEditor(event) instanceof ITextEditor editor) || !editor.isEditable()
				|| !(editor.getSelectionProvider().getSelection() instanceof ITextSelection selection)) {
			return null;
		}
		IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		IRewriteTarget target = editor.getAdapter(IRewriteTarget.class);
		if (target != null) {
			target.beginCompoundChange();
		}
		try {
			edit(editor, document, selection);
		} catch (BadLocationException e) {
			throw new ExecutionException("the selection is outside the text", e);
		} finally {
			if (target != null) {
				target.endCompoundChange();
			}
		}
		return null;
	}

	/** Edits the document of the editor for the selection. */
	abstract void edit(ITextEditor editor, IDocument document, ITextSelection selection) throws BadLocationException;
}
