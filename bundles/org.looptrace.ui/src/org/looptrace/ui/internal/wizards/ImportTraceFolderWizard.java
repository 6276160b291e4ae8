// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.wizards;

import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IImportWizard;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.actions.WorkspaceModifyOperation;
import org.looptrace.ui.internal.Messages;

/** File ▸ Import ▸ LoopTrace ▸ Trace folder: the run files of a folder of the file system into the workspace. */
public final class ImportTraceFolderWizard extends Wizard implements IImportWizard {

	private final SourcePage page = new SourcePage();
	private String initialParent = "";

	public ImportTraceFolderWizard() {
		setWindowTitle(Messages.ImportWizard_title);
		setNeedsProgressMonitor(true);
	}

	/**
	 * Takes the folder to import into from the selection, else from the Project Explorer's: opened
	 * from the Welcome page or with an editor active, the selection the wizard gets is not the
	 * resource the user last chose.
	 */
	@Override
	public void init(@Nullable IWorkbench workbench, @Nullable IStructuredSelection selection) {
		IContainer container = containerOf(selection);
		IWorkbenchWindow window = workbench == null ? null : workbench.getActiveWorkbenchWindow();
		if (container == null && window != null) {
			container = containerOf(window.getSelectionService().getSelection(IPageLayout.ID_PROJECT_EXPLORER));
		}
		if (container != null) {
			initialParent = container.getFullPath().makeRelative().toString();
		}
	}

	/** The selected container, or the container of the selected file; null when the selection holds no resource. */
	private static @Nullable IContainer containerOf(@Nullable ISelection selection) {
		Object first = selection instanceof IStructuredSelection structured ? structured.getFirstElement() : null;
		IResource resource = Adapters.adapt(first, IResource.class);
		if (resource == null || resource.getType() == IResource.ROOT) {
			return null;
		}
		return resource instanceof IContainer container ? container : resource.getParent();
	}

	@Override
	public void addPages() {
		addPage(page);
	}

	@Override
	public boolean performFinish() {
		TraceFolderImport operation = page.operation();
		if (operation == null) {
			return false;
		}
		try {
			getContainer().run(true, true, new WorkspaceModifyOperation() {
				@Override
				protected void execute(@Nullable IProgressMonitor monitor) throws CoreException {
					operation.run(monitor);
				}
			});
			return true;
		} catch (InvocationTargetException e) {
			MessageDialog.openError(getShell(), Messages.ImportWizard_title, String.valueOf(e.getCause().getMessage()));
			return false;
		} catch (InterruptedException e) {
			return false;
		}
	}

	/** Source folder, workspace parent, name, and whether to expand compressed traces. */
	private final class SourcePage extends WizardPage {

		private @Nullable Text source;
		private @Nullable Text parent;
		private @Nullable Text name;
		private @Nullable Button expand;
		/** The folder name the page put in the name field last, from the source's last segment. */
		private String suggestedName = "";

		SourcePage() {
			super("source");
			setTitle(Messages.ImportWizard_title);
			setDescription(Messages.ImportWizard_description);
			setPageComplete(false);
		}

		@Override
		public void createControl(@Nullable Composite container) {
			Composite composite = new Composite(container, SWT.NONE);
			composite.setLayout(new GridLayout(3, false));
			Text sourceText = field(composite, Messages.ImportWizard_source, 1);
			Button browse = new Button(composite, SWT.PUSH);
			browse.setText(Messages.ImportWizard_browse);
			browse.addListener(SWT.Selection, event -> {
				DirectoryDialog dialog = new DirectoryDialog(getShell());
				dialog.setFilterPath(sourceText.getText());
				String chosen = dialog.open();
				if (chosen != null) {
					sourceText.setText(chosen);
				}
			});
			Text parentText = field(composite, Messages.ImportWizard_parent, 2);
			parentText.setText(initialParent);
			Text nameText = field(composite, Messages.ImportWizard_name, 2);
			Button expandButton = new Button(composite, SWT.CHECK);
			expandButton.setText(Messages.ImportWizard_expand);
			expandButton.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, 3, 1));
			sourceText.addModifyListener(event -> {
				// the name follows the source's last segment until the user types a name of his own
				if (nameText.getText().isEmpty() || nameText.getText().equals(suggestedName)) {
					suggestedName = lastSegment(sourceText.getText());
					nameText.setText(suggestedName);
				}
				validate();
			});
			parentText.addModifyListener(event -> validate());
			nameText.addModifyListener(event -> validate());
			source = sourceText;
			parent = parentText;
			name = nameText;
			expand = expandButton;
			setControl(composite);
		}

		/** The last segment of a path typed in the source field, empty while there is none (or it does not parse). */
		private static String lastSegment(String typed) {
			try {
				Path name = Path.of(typed.trim()).getFileName();
				return name == null ? "" : name.toString();
			} catch (InvalidPathException e) {
				return "";
			}
		}

		private Text field(Composite composite, String label, int span) {
			new Label(composite, SWT.NONE).setText(label);
			Text text = new Text(composite, SWT.BORDER | SWT.SINGLE);
			text.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false, span, 1));
			return text;
		}

		private void validate() {
			String problem = problem();
			setErrorMessage(problem);
			setPageComplete(problem == null);
		}

		private @Nullable String problem() {
			Text sourceText = source;
			Text parentText = parent;
			Text nameText = name;
			if (sourceText == null || parentText == null || nameText == null) {
				return null;
			}
			if (!Files.isDirectory(Path.of(sourceText.getText().trim()))) {
				return Messages.ImportWizard_noSource;
			}
			IResource container = ResourcesPlugin.getWorkspace().getRoot().findMember(parentText.getText().trim());
			if (!(container instanceof IContainer) || container.getType() == IResource.ROOT) {
				return Messages.ImportWizard_noParent;
			}
			if (nameText.getText().trim().isEmpty() || ((IContainer) container).findMember(nameText.getText().trim()) != null) {
				return NLS.bind(Messages.ImportWizard_exists, nameText.getText().trim());
			}
			return null;
		}

		@Nullable
		TraceFolderImport operation() {
			Text sourceText = source;
			Text parentText = parent;
			Text nameText = name;
			Button expandButton = expand;
			if (sourceText == null || parentText == null || nameText == null || expandButton == null || problem() != null) {
				return null;
			}
			IContainer container = (IContainer) ResourcesPlugin.getWorkspace().getRoot().findMember(parentText.getText().trim());
			return new TraceFolderImport(Path.of(sourceText.getText().trim()),
					container.getFolder(IPath.fromOSString(nameText.getText().trim())), expandButton.getSelection());
		}
	}
}
