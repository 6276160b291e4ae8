// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * "Open Timeline": on a {@code .loops} file of the Project Explorer, the timeline of the model as
 * saved; in the model editor, the timeline of its text with the construct at the caret highlighted
 * (the view then follows the editor).
 */
public class OpenTimelineHandler extends AbstractHandler {

	@Override
	public @Nullable Object execute(@Nullable ExecutionEvent event) throws ExecutionException {
		TimelineView view;
		try {
			view = (TimelineView) HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage().showView(TimelineView.ID);
		} catch (PartInitException e) {
			throw new ExecutionException(e.getMessage(), e);
		}
		if (HandlerUtil.getActivePart(event) instanceof ITextEditor editor) {
			view.follow(editor, editor.getSelectionProvider().getSelection());
		} else if (HandlerUtil.getCurrentSelection(event) instanceof IStructuredSelection structured
				&& Adapters.adapt(structured.getFirstElement(), IFile.class) instanceof IFile file) {
			view.show(file);
		}
		return null;
	}
}
