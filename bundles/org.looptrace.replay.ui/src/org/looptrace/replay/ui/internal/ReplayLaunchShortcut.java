// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.ILaunchShortcut;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PlatformUI;
import org.looptrace.ui.ModelViews.ModelFile;

/**
 * "Run As > LoopTrace Replay" on a {@code .loops} file or in its editor: launches the model's
 * configuration, created the first time (the folder {@code replay} beside the model, the model's
 * data traces when it has some, as many ranks as the model) and reused afterwards as the user
 * changed it. A model outside the workspace (File &gt; Open File) has one too, by its file system path.
 */
public final class ReplayLaunchShortcut implements ILaunchShortcut {

	@Override
	public void launch(@Nullable ISelection selection, @Nullable String mode) {
		if (selection instanceof IStructuredSelection structured && structured.size() == 1) {
			launch(GenerateReplayHandler.model(Adapters.adapt(structured.getFirstElement(), IFile.class), null));
		}
	}

	@Override
	public void launch(@Nullable IEditorPart editor, @Nullable String mode) {
		if (editor != null) {
			launch(GenerateReplayHandler.model(null, editor.getEditorInput()));
		}
	}

	private static void launch(@Nullable ModelFile model) {
		if (model == null) {
			return;
		}
		try {
			DebugUITools.launch(findOrCreate(model), ILaunchManager.RUN_MODE);
		} catch (CoreException e) {
			ErrorDialog.openError(PlatformUI.getWorkbench().getModalDialogShellProvider().getShell(), Messages.ReplayLaunchShortcut_failed, null, e.getStatus());
		}
	}

	/** The first configuration of the model, or a new one, saved, if it has none. */
	static ILaunchConfiguration findOrCreate(ModelFile model) throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		var type = manager.getLaunchConfigurationType(ReplayLaunchDelegate.TYPE);
		for (ILaunchConfiguration configuration : manager.getLaunchConfigurations(type)) {
			if (ReplayLaunchDelegate.replays(configuration, model)) {
				return configuration;
			}
		}
		ILaunchConfigurationWorkingCopy copy = type.newInstance(null, manager.generateLaunchConfigurationName(model.stem() + " replay"));
		ReplayLaunchDelegate.setDefaults(copy, model);
		return copy.doSave();
	}
}
