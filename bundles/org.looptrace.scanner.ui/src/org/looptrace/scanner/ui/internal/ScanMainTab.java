// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.window.Window;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.ContainerSelectionDialog;
import org.eclipse.ui.dialogs.SaveAsDialog;
import org.looptrace.scanner.ui.ScannerUi;
import org.looptrace.ui.BrowseButtons;
import org.looptrace.ui.ModelField;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.ModelViews.ModelFile;

/**
 * The Main tab of a LoopTrace Scanner configuration: the model (a workspace path, or the file system
 * path of a model outside the workspace), the trace folder (empty: the one
 * the model names), what to do (scan in the IDE into a CSV, or generate a C or Java scanner into a
 * folder) and where to write, each with a Browse Workspace button below it (they name workspace
 * paths); the model with Browse Workspace and Browse File System buttons. Its error message says what
 * keeps the configuration from launching.
 */
public final class ScanMainTab extends AbstractLaunchConfigurationTab {

	private static final int INDENT = 20;

	/** The tab's fields, made by {@link #createControl}. */
	private record Widgets(Text model, Text traces, Button scan, Button generateC, Button generateJava, Text output, Button outputBrowse,
			Text scannerFolder, Button scannerFolderBrowse) {
	}

	private @Nullable Widgets widgets;

	@Override
	public void createControl(@Nullable Composite parent) {
		Composite page = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().applyTo(page);
		setControl(page);

		Group modelGroup = group(page, Messages.ScanMainTab_model);
		Text model = text(modelGroup, 0);
		ModelField.addBrowseButtons(modelGroup, model, 1);

		Group tracesGroup = group(page, Messages.ScanMainTab_traces);
		Text traces = text(tracesGroup, 0);
		browseWorkspace(tracesGroup, traces, (shell, current) -> folder(shell, current, Messages.ScanMainTab_tracesDialog));

		Group what = group(page, Messages.ScanMainTab_what);
		Button scan = radio(what, Messages.ScanMainTab_scan);
		Text output = text(what, INDENT);
		Button outputBrowse = browseWorkspace(what, output, (shell, current) -> output(shell, model));
		Button generateC = radio(what, Messages.ScanMainTab_generateC);
		Button generateJava = radio(what, Messages.ScanMainTab_generateJava);
		Text scannerFolder = text(what, INDENT);
		Button scannerFolderBrowse = browseWorkspace(what, scannerFolder,
				(shell, current) -> folder(shell, current, Messages.ScanMainTab_scannerFolderDialog));
		widgets = new Widgets(model, traces, scan, generateC, generateJava, output, outputBrowse, scannerFolder, scannerFolderBrowse);
	}

	private Group group(Composite parent, String title) {
		Group group = new Group(parent, SWT.NONE);
		group.setText(title);
		GridLayoutFactory.swtDefaults().applyTo(group);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(group);
		return group;
	}

	/** A text field; indented under the radio button it belongs to. */
	private Text text(Composite parent, int indent) {
		Text text = new Text(parent, SWT.SINGLE | SWT.BORDER);
		GridDataFactory.fillDefaults().grab(true, false).indent(indent, 0).applyTo(text);
		text.addListener(SWT.Modify, event -> changed());
		return text;
	}

	/** The Browse Workspace button below a field that names a file or folder of the workspace. */
	private static Button browseWorkspace(Composite parent, Text field, BrowseButtons.Chooser chooser) {
		return BrowseButtons.below(parent, field, 1, new BrowseButtons.Browse(Messages.ScanMainTab_browseWorkspace, chooser)).get(0);
	}

	private Button radio(Composite parent, String label) {
		Button button = new Button(parent, SWT.RADIO);
		button.setText(label);
		GridDataFactory.fillDefaults().applyTo(button);
		button.addListener(SWT.Selection, event -> changed());
		return button;
	}

	private void changed() {
		Widgets w = widgets;
		if (w != null) {
			updateEnablement(w);
			updateHints(w);
		}
		updateLaunchConfigurationDialog();
	}

	private static String mode(Widgets w) {
		if (w.generateC().getSelection()) {
			return ScannerUi.MODE_GENERATE_C;
		}
		if (w.generateJava().getSelection()) {
			return ScannerUi.MODE_GENERATE_JAVA;
		}
		return ScannerUi.MODE_SCAN;
	}

	private static void updateEnablement(Widgets w) {
		boolean scanning = mode(w).equals(ScannerUi.MODE_SCAN);
		w.output().setEnabled(scanning);
		w.outputBrowse().setEnabled(scanning);
		w.scannerFolder().setEnabled(!scanning);
		w.scannerFolderBrowse().setEnabled(!scanning);
	}

	/** The defaults of the empty fields, shown greyed inside them. */
	private static void updateHints(Widgets w) {
		ModelFile model;
		try {
			model = ScanSettings.model(attributes(w));
		} catch (ScanSettings.Invalid e) {
			w.traces().setMessage(Messages.ScanMainTab_tracesHint);
			w.output().setMessage("");
			w.scannerFolder().setMessage("");
			return;
		}
		try {
			w.traces().setMessage(NLS.bind(Messages.ScanMainTab_tracesDefault, ScanSettings.defaultTraces(model)));
		} catch (ScanSettings.Invalid e) {
			w.traces().setMessage(Messages.ScanMainTab_tracesHint);
		}
		w.output().setMessage(ModelViews.label(model.location().resolveSibling(ScanSettings.defaultOutputName(model))));
		w.scannerFolder().setMessage(ModelViews.label(model.location().resolveSibling(ScanSettings.defaultScannerFolderName(model))));
	}

	/** The workspace model the field names, or null (none, or a model outside the workspace). */
	private static @Nullable IFile modelFile(Text model) {
		ModelFile file = ModelField.modelFile(model.getText().trim());
		return file == null ? null : file.file();
	}

	/** Asks for a folder of the workspace; its full path, or null when cancelled. */
	private static @Nullable String folder(Shell shell, String current, String message) {
		IResource initial = current.isEmpty() ? null : ResourcesPlugin.getWorkspace().getRoot().findMember(current);
		ContainerSelectionDialog dialog = new ContainerSelectionDialog(shell, initial instanceof IContainer container ? container : null, true,
				message);
		Object[] result = dialog.open() == Window.OK ? dialog.getResult() : null;
		return result != null && result.length == 1 && result[0] instanceof IPath path ? path.toString() : null;
	}

	/** Asks for the CSV file of the workspace to write, beside the model by default; its full path, or null when cancelled. */
	private static @Nullable String output(Shell shell, Text model) {
		SaveAsDialog dialog = new SaveAsDialog(shell);
		IFile file = modelFile(model);
		IPath location = file == null ? null : file.getLocation();
		if (file != null && location != null) {
			String name = ScanSettings.defaultOutputName(new ModelFile(location.toPath(), file));
			dialog.setOriginalFile(file.getParent().getFile(IPath.fromOSString(name)));
		}
		if (dialog.open() != Window.OK || dialog.getResult() == null) {
			return null;
		}
		IPath path = dialog.getResult();
		return (path.getFileExtension() == null ? path.addFileExtension("csv") : path).toString();
	}

	@Override
	public void setDefaults(@Nullable ILaunchConfigurationWorkingCopy configuration) {
		if (configuration != null) {
			configuration.setAttribute(ScannerUi.ATTR_MODE, ScannerUi.MODE_SCAN);
		}
	}

	@Override
	public void initializeFrom(@Nullable ILaunchConfiguration configuration) {
		Widgets w = widgets;
		if (configuration == null || w == null) {
			return;
		}
		try {
			ScanSettings.Attributes attributes = ScanSettings.Attributes.of(configuration);
			w.model().setText(attributes.model().isBlank() ? attributes.modelLocation() : attributes.model());
			w.traces().setText(attributes.traces());
			w.output().setText(attributes.output());
			w.scannerFolder().setText(attributes.scannerFolder());
			w.scan().setSelection(attributes.mode().equals(ScannerUi.MODE_SCAN));
			w.generateC().setSelection(attributes.mode().equals(ScannerUi.MODE_GENERATE_C));
			w.generateJava().setSelection(attributes.mode().equals(ScannerUi.MODE_GENERATE_JAVA));
		} catch (CoreException e) {
			setErrorMessage(e.getMessage());
		}
		updateEnablement(w);
		updateHints(w);
	}

	@Override
	public void performApply(@Nullable ILaunchConfigurationWorkingCopy configuration) {
		Widgets w = widgets;
		if (configuration == null || w == null) {
			return;
		}
		ScanSettings.Attributes attributes = attributes(w);
		configuration.setAttribute(ScannerUi.ATTR_MODEL, attributes.model());
		configuration.setAttribute(ScannerUi.ATTR_MODEL_LOCATION, attributes.modelLocation());
		configuration.setAttribute(ScannerUi.ATTR_TRACES, attributes.traces());
		configuration.setAttribute(ScannerUi.ATTR_OUTPUT, attributes.output());
		configuration.setAttribute(ScannerUi.ATTR_SCANNER_FOLDER, attributes.scannerFolder());
		configuration.setAttribute(ScannerUi.ATTR_MODE, attributes.mode());
	}

	/**
	 * The attributes the fields make. The model field holds a workspace path, or the file system path
	 * of a model outside the workspace ({@link ModelField#isOutside}).
	 */
	private static ScanSettings.Attributes attributes(Widgets w) {
		String model = w.model().getText().trim();
		boolean outside = ModelField.isOutside(model);
		return new ScanSettings.Attributes(outside ? "" : model, outside ? model : "", w.traces().getText().trim(), mode(w),
				w.output().getText().trim(), w.scannerFolder().getText().trim());
	}

	@Override
	public boolean isValid(@Nullable ILaunchConfiguration configuration) {
		setErrorMessage(null);
		setMessage(null);
		Widgets w = widgets;
		if (w == null) {
			return false;
		}
		try {
			ScanSettings.resolve(attributes(w));
		} catch (ScanSettings.Invalid e) {
			setErrorMessage(e.getMessage());
			return false;
		}
		return true;
	}

	@Override
	public String getName() {
		return Messages.ScanMainTab_name;
	}

	@Override
	public @Nullable Image getImage() {
		return ScannerImages.scanner();
	}

	@Override
	public String getId() {
		return ScannerUi.BUNDLE_ID + ".mainTab";
	}
}
