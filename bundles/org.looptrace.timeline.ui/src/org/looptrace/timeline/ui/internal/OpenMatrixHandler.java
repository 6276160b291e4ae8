// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/**
 * "Open Communication Matrix": on a {@code .loops} file of the Project Explorer, the matrix of the
 * whole model; in the model editor, the matrix of the construct at the caret (the view then
 * follows the caret).
 */
public class OpenMatrixHandler extends AbstractHandler {

	@Override
	public @Nullable Object execute(@Nullable ExecutionEvent event) throws ExecutionException {
		IWorkbenchPart part = HandlerUtil.getActivePart(event);
		ISelection selection = HandlerUtil.getCurrentSelection(event);
		MatrixView view;
		try {
			view = (MatrixView) HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage().showView(MatrixView.ID);
		} catch (PartInitException e) {
			throw new ExecutionException(e.getMessage(), e);
		}
		if (part instanceof ITextEditor editor) {
			view.follow(editor, editor.getSelectionProvider().getSelection());
		} else if (selection instanceof IStructuredSelection structured
				&& Adapters.adapt(structured.getFirstElement(), IFile.class) instanceof IFile file) {
			view.show(file);
		}
		return null;
	}
}
