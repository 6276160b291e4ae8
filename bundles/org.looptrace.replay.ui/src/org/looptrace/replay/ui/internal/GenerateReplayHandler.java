// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import java.io.IOException;
import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.osgi.util.NLS;
import org.looptrace.ui.ModelViews.ModelFile;

/**
 * "Generate Replay Program" on a model, selected in the Project Explorer or open in the editor:
 * asks for the settings, then generates the program in a job, which asks before replacing files.
 */
public final class GenerateReplayHandler extends AbstractHandler {

	@Override
	public @Nullable Object execute(@Nullable ExecutionEvent event) {
		if (event == null) {
			return null;
		}
		IFile selected = null;
		if (HandlerUtil.getCurrentSelection(event) instanceof IStructuredSelection selection && selection.size() == 1) {
			selected = Adapters.adapt(selection.getFirstElement(), IFile.class);
		}
		IEditorPart editor = HandlerUtil.getActiveEditor(event);
		ModelFile model = model(selected, editor == null ? null : editor.getEditorInput());
		if (model == null) {
			return null;
		}
		Shell shell = HandlerUtil.getActiveShell(event);
		ReplaySettings defaults;
		try {
			defaults = ReplaySettings.defaults(model);
		} catch (CoreException | IOException e) {
			MessageDialog.openError(shell, Messages.ReplayDialog_title, NLS.bind(Messages.ReplaySettings_unreadable, model.label(), e.getMessage()));
			return null;
		}
		ReplayDialog dialog = new ReplayDialog(shell, defaults);
		if (dialog.open() == Window.OK) {
			new GenerateReplayJob(dialog.settings(), edited -> replace(dialog.settings(), edited)).schedule();
		}
		return null;
	}

	/**
	 * The model of a selected file, else of an editor's input (a model outside the workspace has no
	 * file, only its input); null when neither is a model of the local file system.
	 */
	static @Nullable ModelFile model(@Nullable IFile selected, @Nullable IEditorInput input) {
		if (selected != null) {
			try {
				return "loops".equals(selected.getFileExtension()) ? ModelFile.of(selected) : null;
			} catch (IOException e) {
				return null;
			}
		}
		return input != null && input.getName().endsWith(".loops") ? ModelFile.of(input) : null;
	}

	/** Asks, on the UI thread, whether files of the folder edited by hand (or not generated here) may be replaced. */
	private static boolean replace(ReplaySettings settings, List<String> edited) {
		boolean[] answer = new boolean[1];
		Display.getDefault().syncExec(() -> answer[0] = MessageDialog.openQuestion(Display.getDefault().getActiveShell(),
				Messages.GenerateReplayHandler_replaceTitle,
				NLS.bind(Messages.GenerateReplayHandler_replace, settings.folderLabel(), String.join(", ", edited))));
		return answer[0];
	}
}
