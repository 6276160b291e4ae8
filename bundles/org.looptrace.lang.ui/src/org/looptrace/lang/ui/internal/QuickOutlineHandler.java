// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.ui.internal;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.custom.BusyIndicator;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.xtext.util.CancelIndicator;
import org.looptrace.lang.internal.ide.constructs.ModelOutline;

/** Ctrl+O in a model: opens the {@link QuickOutline} of the editor's text. */
public class QuickOutlineHandler extends AbstractHandler {

	@Override
	public @Nullable Object execute(@Nullable ExecutionEvent event) {
		if (HandlerUtil.getActiveEditor(event) instanceof ITextEditor editor) {
			String text = editor.getDocumentProvider().getDocument(editor.getEditorInput()).get();
			BusyIndicator.showWhile(editor.getSite().getShell().getDisplay(),
					() -> new QuickOutline(editor, ModelOutline.of(text, CancelIndicator.NullImpl)).open());
		}
		return null;
	}
}
