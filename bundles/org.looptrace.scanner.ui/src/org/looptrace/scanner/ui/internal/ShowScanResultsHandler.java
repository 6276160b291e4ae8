// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.io.IOException;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.handlers.HandlerUtil;

/** "Show Scan Results" on a scan CSV: reads it and shows its records in the Scan Results view. */
public final class ShowScanResultsHandler extends AbstractHandler {

	@Override
	public @Nullable Object execute(@Nullable ExecutionEvent event) {
		if (event == null || !(HandlerUtil.getCurrentSelection(event) instanceof IStructuredSelection selection)) {
			return null;
		}
		IFile file = Adapters.adapt(selection.getFirstElement(), IFile.class);
		IPath location = file == null ? null : file.getLocation();
		if (location == null) {
			return null;
		}
		try {
			ScanResultsView.show(ScanResults.read(location.toPath()));
		} catch (IOException e) {
			MessageDialog.openError(HandlerUtil.getActiveShell(event), Messages.ShowScanResultsHandler_title, e.getMessage());
		}
		return null;
	}
}
