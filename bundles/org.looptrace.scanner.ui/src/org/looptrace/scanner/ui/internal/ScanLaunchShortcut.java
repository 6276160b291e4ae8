// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.ILaunchShortcut2;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PlatformUI;
import org.looptrace.scanner.ui.ScannerUi;

/**
 * "Run As > LoopTrace Scanner" on a {@code .loops} file or in its editor: launches the
 * configuration of that model, created the first time (scan in the IDE, default trace folder and
 * CSV), and reused afterwards with whatever the user changed in it.
 */
public final class ScanLaunchShortcut implements ILaunchShortcut2 {

	@Override
	public void launch(@Nullable ISelection selection, @Nullable String mode) {
		launch(getLaunchableResource(selection), mode);
	}

	@Override
	public void launch(@Nullable IEditorPart editor, @Nullable String mode) {
		launch(getLaunchableResource(editor), mode);
	}

	private static void launch(@Nullable IResource resource, @Nullable String mode) {
		if (!(resource instanceof IFile model)) {
			return;
		}
		try {
			DebugUITools.launch(findOrCreate(model), mode == null ? ILaunchManager.RUN_MODE : mode);
		} catch (CoreException e) {
			ErrorDialog.openError(PlatformUI.getWorkbench().getModalDialogShellProvider().getShell(), Messages.ScanLaunchShortcut_failed, null,
					e.getStatus());
		}
	}

	/** The first configuration of the model, or a new one, saved, if it has none. */
	static ILaunchConfiguration findOrCreate(IFile model) throws CoreException {
		List<ILaunchConfiguration> existing = configurations(model);
		if (!existing.isEmpty()) {
			return existing.get(0);
		}
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationType type = manager.getLaunchConfigurationType(ScannerUi.LAUNCH_TYPE);
		String name = manager.generateLaunchConfigurationName(model.getFullPath().removeFileExtension().lastSegment());
		ILaunchConfigurationWorkingCopy copy = type.newInstance(null, name);
		copy.setAttribute(ScannerUi.ATTR_MODEL, model.getFullPath().toString());
		copy.setAttribute(ScannerUi.ATTR_MODE, ScannerUi.MODE_SCAN);
		copy.setMappedResources(new IResource[] { model });
		return copy.doSave();
	}

	/** The LoopTrace Scanner configurations of a model file. */
	static List<ILaunchConfiguration> configurations(IFile model) throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		List<ILaunchConfiguration> found = new ArrayList<>();
		for (ILaunchConfiguration configuration : manager.getLaunchConfigurations(manager.getLaunchConfigurationType(ScannerUi.LAUNCH_TYPE))) {
			if (model.getFullPath().toString().equals(configuration.getAttribute(ScannerUi.ATTR_MODEL, ""))) {
				found.add(configuration);
			}
		}
		return found;
	}

	@Override
	public ILaunchConfiguration @Nullable [] getLaunchConfigurations(@Nullable ISelection selection) {
		return configurationsOf(getLaunchableResource(selection));
	}

	@Override
	public ILaunchConfiguration @Nullable [] getLaunchConfigurations(@Nullable IEditorPart editor) {
		return configurationsOf(getLaunchableResource(editor));
	}

	private static ILaunchConfiguration @Nullable [] configurationsOf(@Nullable IResource resource) {
		if (!(resource instanceof IFile model)) {
			return null;
		}
		try {
			return configurations(model).toArray(ILaunchConfiguration[]::new);
		} catch (CoreException e) {
			return null;
		}
	}

	@Override
	public @Nullable IResource getLaunchableResource(@Nullable ISelection selection) {
		if (selection instanceof IStructuredSelection structured && structured.size() == 1) {
			return loops(Adapters.adapt(structured.getFirstElement(), IFile.class));
		}
		return null;
	}

	@Override
	public @Nullable IResource getLaunchableResource(@Nullable IEditorPart editor) {
		return editor == null ? null : loops(Adapters.adapt(editor.getEditorInput(), IFile.class));
	}

	private static @Nullable IFile loops(@Nullable IFile file) {
		return file != null && "loops".equals(file.getFileExtension()) ? file : null;
	}
}
