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
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerFilter;
import org.eclipse.jface.window.Window;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.ContainerSelectionDialog;
import org.eclipse.ui.dialogs.ElementTreeSelectionDialog;
import org.eclipse.ui.dialogs.SaveAsDialog;
import org.eclipse.ui.model.BaseWorkbenchContentProvider;
import org.eclipse.ui.model.WorkbenchLabelProvider;
import org.looptrace.scanner.ui.ScannerUi;

/**
 * The Main tab of a LoopTrace Scanner configuration: the model, the trace folder (empty: the one
 * the model names), what to do (scan in the IDE into a CSV, or generate a C or Java scanner into a
 * folder) and where to write, each with a workspace Browse button. Its error message says what
 * keeps the configuration from launching.
 */
public final class ScanMainTab extends AbstractLaunchConfigurationTab {

	private static final int INDENT = 20;

	private @Nullable Text model;
	private @Nullable Text traces;
	private @Nullable Button scan;
	private @Nullable Button generateC;
	private @Nullable Button generateJava;
	private @Nullable Text output;
	private @Nullable Text scannerFolder;
	private @Nullable Button outputBrowse;
	private @Nullable Button scannerFolderBrowse;

	@Override
	public void createControl(@Nullable Composite parent) {
		Composite page = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().applyTo(page);
		setControl(page);

		Group modelGroup = group(page, Messages.ScanMainTab_model);
		Text modelText = text(modelGroup, 0);
		button(modelGroup, Messages.ScanMainTab_browse).addListener(SWT.Selection, event -> browseModel());
		model = modelText;

		Group tracesGroup = group(page, Messages.ScanMainTab_traces);
		Text tracesText = text(tracesGroup, 0);
		button(tracesGroup, Messages.ScanMainTab_browse).addListener(SWT.Selection, event -> browseFolder(tracesText, Messages.ScanMainTab_tracesDialog));
		traces = tracesText;

		Group what = group(page, Messages.ScanMainTab_what);
		scan = radio(what, Messages.ScanMainTab_scan);
		output = text(what, INDENT);
		outputBrowse = button(what, Messages.ScanMainTab_browse);
		outputBrowse.addListener(SWT.Selection, event -> browseOutput());
		generateC = radio(what, Messages.ScanMainTab_generateC);
		generateJava = radio(what, Messages.ScanMainTab_generateJava);
		scannerFolder = text(what, INDENT);
		scannerFolderBrowse = button(what, Messages.ScanMainTab_browse);
		Text folderText = scannerFolder;
		scannerFolderBrowse.addListener(SWT.Selection, event -> browseFolder(folderText, Messages.ScanMainTab_scannerFolderDialog));
	}

	private Group group(Composite parent, String title) {
		Group group = new Group(parent, SWT.NONE);
		group.setText(title);
		GridLayoutFactory.swtDefaults().numColumns(2).applyTo(group);
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

	private Button button(Composite parent, String label) {
		return createPushButton(parent, label, null);
	}

	private Button radio(Composite parent, String label) {
		Button button = new Button(parent, SWT.RADIO);
		button.setText(label);
		GridDataFactory.fillDefaults().span(2, 1).applyTo(button);
		button.addListener(SWT.Selection, event -> changed());
		return button;
	}

	private void changed() {
		updateEnablement();
		updateHints();
		updateLaunchConfigurationDialog();
	}

	private String mode() {
		if (generateC != null && generateC.getSelection()) {
			return ScannerUi.MODE_GENERATE_C;
		}
		if (generateJava != null && generateJava.getSelection()) {
			return ScannerUi.MODE_GENERATE_JAVA;
		}
		return ScannerUi.MODE_SCAN;
	}

	private void updateEnablement() {
		boolean scanning = mode().equals(ScannerUi.MODE_SCAN);
		enable(output, scanning);
		enable(outputBrowse, scanning);
		enable(scannerFolder, !scanning);
		enable(scannerFolderBrowse, !scanning);
	}

	private static void enable(@Nullable Text text, boolean enabled) {
		if (text != null) {
			text.setEnabled(enabled);
		}
	}

	private static void enable(@Nullable Button button, boolean enabled) {
		if (button != null) {
			button.setEnabled(enabled);
		}
	}

	/** The defaults of the empty fields, shown greyed inside them. */
	private void updateHints() {
		IFile file = modelFile();
		Text tracesText = traces;
		Text outputText = output;
		Text folderText = scannerFolder;
		if (tracesText == null || outputText == null || folderText == null) {
			return;
		}
		if (file == null) {
			tracesText.setMessage(Messages.ScanMainTab_tracesHint);
			outputText.setMessage("");
			folderText.setMessage("");
			return;
		}
		try {
			tracesText.setMessage(NLS.bind(Messages.ScanMainTab_tracesDefault, ScanSettings.defaultTraces(file)));
		} catch (ScanSettings.Invalid e) {
			tracesText.setMessage(Messages.ScanMainTab_tracesHint);
		}
		outputText.setMessage(file.getParent().getFullPath().append(ScanSettings.defaultOutputName(file)).toString());
		folderText.setMessage(file.getParent().getFullPath().append(ScanSettings.defaultScannerFolderName(file, mode())).toString());
	}

	private @Nullable IFile modelFile() {
		if (model == null || model.getText().isBlank()) {
			return null;
		}
		IPath path = IPath.fromPortableString(model.getText().trim());
		IResource member = path.segmentCount() < 2 ? null : ResourcesPlugin.getWorkspace().getRoot().findMember(path);
		return member instanceof IFile file ? file : null;
	}

	private void browseModel() {
		ElementTreeSelectionDialog dialog = new ElementTreeSelectionDialog(getShell(), new WorkbenchLabelProvider(), new BaseWorkbenchContentProvider());
		dialog.setTitle(Messages.ScanMainTab_modelDialog);
		dialog.setMessage(Messages.ScanMainTab_modelDialogMessage);
		dialog.setInput(ResourcesPlugin.getWorkspace().getRoot());
		dialog.addFilter(new ViewerFilter() {
			@Override
			public boolean select(@Nullable Viewer viewer, @Nullable Object parent, @Nullable Object element) {
				return element instanceof IContainer container && container.isAccessible()
						|| element instanceof IFile file && "loops".equals(file.getFileExtension());
			}
		});
		dialog.setValidator(selection -> selection.length == 1 && selection[0] instanceof IFile ? org.eclipse.core.runtime.Status.OK_STATUS
				: ScanSettings.error(Messages.ScanMainTab_modelDialogMessage, null));
		IFile current = modelFile();
		if (current != null) {
			dialog.setInitialSelection(current);
		}
		if (dialog.open() == Window.OK && dialog.getFirstResult() instanceof IFile file && model != null) {
			model.setText(file.getFullPath().toString());
		}
	}

	private void browseFolder(Text text, String message) {
		ContainerSelectionDialog dialog = new ContainerSelectionDialog(getShell(), null, true, message);
		if (dialog.open() == Window.OK && dialog.getResult() != null && dialog.getResult().length == 1
				&& dialog.getResult()[0] instanceof IPath path) {
			text.setText(path.toString());
		}
	}

	private void browseOutput() {
		SaveAsDialog dialog = new SaveAsDialog(getShell());
		IFile file = modelFile();
		if (file != null) {
			dialog.setOriginalFile(file.getParent().getFile(IPath.fromOSString(ScanSettings.defaultOutputName(file))));
		}
		if (dialog.open() == Window.OK && dialog.getResult() != null && output != null) {
			IPath path = dialog.getResult();
			output.setText((path.getFileExtension() == null ? path.addFileExtension("csv") : path).toString());
		}
	}

	@Override
	public void setDefaults(@Nullable ILaunchConfigurationWorkingCopy configuration) {
		if (configuration != null) {
			configuration.setAttribute(ScannerUi.ATTR_MODE, ScannerUi.MODE_SCAN);
		}
	}

	@Override
	public void initializeFrom(@Nullable ILaunchConfiguration configuration) {
		if (configuration == null || model == null || traces == null || output == null || scannerFolder == null || scan == null
				|| generateC == null || generateJava == null) {
			return;
		}
		try {
			ScanSettings.Attributes attributes = ScanSettings.Attributes.of(configuration);
			model.setText(attributes.model());
			traces.setText(attributes.traces());
			output.setText(attributes.output());
			scannerFolder.setText(attributes.scannerFolder());
			scan.setSelection(attributes.mode().equals(ScannerUi.MODE_SCAN));
			generateC.setSelection(attributes.mode().equals(ScannerUi.MODE_GENERATE_C));
			generateJava.setSelection(attributes.mode().equals(ScannerUi.MODE_GENERATE_JAVA));
		} catch (CoreException e) {
			setErrorMessage(e.getMessage());
		}
		updateEnablement();
		updateHints();
	}

	@Override
	public void performApply(@Nullable ILaunchConfigurationWorkingCopy configuration) {
		if (configuration == null || model == null || traces == null || output == null || scannerFolder == null) {
			return;
		}
		configuration.setAttribute(ScannerUi.ATTR_MODEL, model.getText().trim());
		configuration.setAttribute(ScannerUi.ATTR_TRACES, traces.getText().trim());
		configuration.setAttribute(ScannerUi.ATTR_OUTPUT, output.getText().trim());
		configuration.setAttribute(ScannerUi.ATTR_SCANNER_FOLDER, scannerFolder.getText().trim());
		configuration.setAttribute(ScannerUi.ATTR_MODE, mode());
	}

	@Override
	public boolean isValid(@Nullable ILaunchConfiguration configuration) {
		setErrorMessage(null);
		setMessage(null);
		if (model == null || traces == null || output == null || scannerFolder == null) {
			return false;
		}
		try {
			ScanSettings.resolve(new ScanSettings.Attributes(model.getText().trim(), traces.getText().trim(), mode(), output.getText().trim(),
					scannerFolder.getText().trim()));
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
