// SPDX-License-Identifier: EPL-2.0
package org.looptrace.analysis.ui.internal;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** "Show Patterns": the Patterns view of the selected model or folder, or of the model in the active editor. */
public class ShowPatternsHandler extends AbstractHandler {

	@Override
	public @Nullable Object execute(@Nullable ExecutionEvent event) throws ExecutionException {
		ISelection selection = HandlerUtil.getCurrentSelection(event);
		IResource resource = null;
		if (selection instanceof IStructuredSelection chosen && chosen.size() == 1) {
			resource = Adapters.adapt(chosen.getFirstElement(), IResource.class);
		}
		IEditorPart editor = HandlerUtil.getActiveEditor(event);
		if (resource == null && editor != null) {
			resource = editor.getEditorInput().getAdapter(IFile.class);
		}
		try {
			PatternsView view = (PatternsView) HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage().showView(PatternsView.ID);
			if (resource != null) {
				view.show(resource);
			}
		} catch (PartInitException e) {
			throw new ExecutionException(e.getMessage(), e);
		}
		return null;
	}
}
