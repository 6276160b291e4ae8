// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.io.IOException;
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
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PlatformUI;
import org.looptrace.scanner.ui.ScannerUi;
import org.looptrace.ui.ModelViews.ModelFile;

/**
 * "Run As > LoopTrace Scanner" on a {@code .loops} file or in its editor: launches the
 * configuration of that model, created the first time (scan in the IDE, default trace folder and
 * CSV), and reused afterwards with whatever the user changed in it. A model outside the workspace
 * (an editor opened with File &gt; Open File) has its configuration too, by its file system path.
 */
public final class ScanLaunchShortcut implements ILaunchShortcut2 {

	@Override
	public void launch(@Nullable ISelection selection, @Nullable String mode) {
		launch(workspaceModel(getLaunchableResource(selection)), mode);
	}

	@Override
	public void launch(@Nullable IEditorPart editor, @Nullable String mode) {
		launch(model(editor), mode);
	}

	private static void launch(@Nullable ModelFile model, @Nullable String mode) {
		if (model == null) {
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
	static ILaunchConfiguration findOrCreate(ModelFile model) throws CoreException {
		List<ILaunchConfiguration> existing = configurations(model);
		if (!existing.isEmpty()) {
			return existing.get(0);
		}
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationType type = manager.getLaunchConfigurationType(ScannerUi.LAUNCH_TYPE);
		ILaunchConfigurationWorkingCopy copy = type.newInstance(null, manager.generateLaunchConfigurationName(model.stem()));
		IFile file = model.file();
		if (file != null) {
			copy.setAttribute(ScannerUi.ATTR_MODEL, file.getFullPath().toString());
			copy.setMappedResources(new IResource[] { file });
		} else {
			copy.setAttribute(ScannerUi.ATTR_MODEL_LOCATION, model.location().toString());
		}
		copy.setAttribute(ScannerUi.ATTR_MODE, ScannerUi.MODE_SCAN);
		return copy.doSave();
	}

	/** The LoopTrace Scanner configurations of a model file: by its workspace path, else by its file system path. */
	static List<ILaunchConfiguration> configurations(ModelFile model) throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		IFile file = model.file();
		String attribute = file != null ? ScannerUi.ATTR_MODEL : ScannerUi.ATTR_MODEL_LOCATION;
		String value = file != null ? file.getFullPath().toString() : model.location().toString();
		List<ILaunchConfiguration> found = new ArrayList<>();
		for (ILaunchConfiguration configuration : manager.getLaunchConfigurations(manager.getLaunchConfigurationType(ScannerUi.LAUNCH_TYPE))) {
			if (value.equals(configuration.getAttribute(attribute, ""))) {
				found.add(configuration);
			}
		}
		return found;
	}

	@Override
	public ILaunchConfiguration @Nullable [] getLaunchConfigurations(@Nullable ISelection selection) {
		return configurationsOf(workspaceModel(getLaunchableResource(selection)));
	}

	@Override
	public ILaunchConfiguration @Nullable [] getLaunchConfigurations(@Nullable IEditorPart editor) {
		return configurationsOf(model(editor));
	}

	private static ILaunchConfiguration @Nullable [] configurationsOf(@Nullable ModelFile model) {
		if (model == null) {
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

	/** The model's workspace file; null outside the workspace, where its editor stands for it. */
	@Override
	public @Nullable IResource getLaunchableResource(@Nullable IEditorPart editor) {
		return editor == null ? null : loops(Adapters.adapt(editor.getEditorInput(), IFile.class));
	}

	/** The model an editor edits, in the workspace or not. */
	private static @Nullable ModelFile model(@Nullable IEditorPart editor) {
		IEditorInput input = editor == null ? null : editor.getEditorInput();
		return input == null || !input.getName().endsWith(".loops") ? null : ModelFile.of(input);
	}

	private static @Nullable ModelFile workspaceModel(@Nullable IResource resource) {
		try {
			return resource instanceof IFile file ? ModelFile.of(file) : null;
		} catch (IOException e) {
			return null;
		}
	}

	private static @Nullable IFile loops(@Nullable IFile file) {
		return file != null && "loops".equals(file.getFileExtension()) ? file : null;
	}
}
