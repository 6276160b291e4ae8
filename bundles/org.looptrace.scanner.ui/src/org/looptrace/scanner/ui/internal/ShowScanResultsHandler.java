// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.handlers.HandlerUtil;
import org.looptrace.lang.ModelText;
import org.looptrace.lang.ModelTextException;
import org.looptrace.model.Annotation;
import org.looptrace.model.Model;

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
			ScanResults results = ScanResults.read(location.toPath());
			results.attributes(annotationsBeside(file));
			ScanResultsView.show(results);
		} catch (IOException e) {
			MessageDialog.openError(HandlerUtil.getActiveShell(event), Messages.ShowScanResultsHandler_title, e.getMessage());
		}
		return null;
	}

	/**
	 * The annotations of the model a scan CSV was written from, when it is where a scan writes it
	 * from ({@code run.loops} beside {@code run.csv}): they say which attribute each label reads. None
	 * when there is no such model or it does not parse: the chart then draws the plain values.
	 */
	static List<Annotation> annotationsBeside(IFile csv) {
		IFile model = csv.getParent().getFile(IPath.fromOSString(csv.getFullPath().removeFileExtension().lastSegment() + ".loops"));
		IPath location = model.getLocation();
		if (!model.exists() || location == null) {
			return List.of();
		}
		try {
			Model parsed = ModelText.parse(location.toPath());
			List<Annotation> annotations = new ArrayList<>();
			parsed.eAllContents().forEachRemaining(object -> {
				if (object instanceof Annotation annotation) {
					annotations.add(annotation);
				}
			});
			return annotations;
		} catch (IOException | ModelTextException e) {
			return List.of();
		}
	}
}
