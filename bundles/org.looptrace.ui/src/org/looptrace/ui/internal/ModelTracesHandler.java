// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.osgi.util.NLS;
import org.eclipse.ui.handlers.HandlerUtil;
import org.looptrace.ui.LoopTraceUi;

/** "Model traces" on the selected folders: one {@link ModelTracesJob} each, after asking before replacing a model. */
public final class ModelTracesHandler extends AbstractHandler {

	@Override
	public @Nullable Object execute(@Nullable ExecutionEvent event) {
		IStructuredSelection selection = HandlerUtil.getCurrentStructuredSelection(event);
		List<IContainer> folders = new ArrayList<>();
		for (Object element : selection) {
			IContainer folder = Adapters.adapt(element, IContainer.class);
			if (folder != null) {
				folders.add(folder);
			}
		}
		List<IContainer> replaced = folders.stream()
				.filter(folder -> folder.getFile(IPath.fromOSString(LoopTraceUi.MODEL_FILE)).exists()).toList();
		if (!replaced.isEmpty() && !MessageDialog.openQuestion(HandlerUtil.getActiveShell(event),
				Messages.ModelTracesHandler_replaceTitle,
				NLS.bind(Messages.ModelTracesHandler_replaceQuestion, LoopTraceUi.MODEL_FILE, names(replaced)))) {
			return null;
		}
		for (IContainer folder : folders) {
			addBuilders(folder.getProject());
			new ModelTracesJob(folder, true).schedule();
		}
		return null;
	}

	/**
	 * The model written is validated as saved from now on, like every model of its project; a
	 * project with the nature gets the builders it lacks, so its folders are kept modelled.
	 */
	private static void addBuilders(IProject project) {
		try {
			LoopTraceNature.addBuilders(project);
		} catch (CoreException e) {
			ILog.of(ModelTracesHandler.class).log(e.getStatus()); // the model is written all the same
		}
	}

	private static String names(List<IContainer> folders) {
		return String.join(", ", folders.stream().map(folder -> folder.getFullPath().makeRelative().toString()).toList());
	}
}
