// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.wizards;

import java.lang.reflect.InvocationTargetException;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.ui.INewWizard;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.actions.WorkspaceModifyOperation;
import org.eclipse.ui.dialogs.WizardNewProjectCreationPage;
import org.looptrace.ui.internal.Messages;

/** File ▸ New ▸ LoopTrace example project: the shipped runs, modelled by the builder. */
public final class ExampleProjectWizard extends Wizard implements INewWizard {

	private final WizardNewProjectCreationPage page = new WizardNewProjectCreationPage("example");

	public ExampleProjectWizard() {
		setWindowTitle(Messages.ExampleProjectWizard_title);
		setNeedsProgressMonitor(true);
		page.setTitle(Messages.ExampleProjectWizard_title);
		page.setDescription(Messages.ExampleProjectWizard_description);
		page.setInitialProjectName(Messages.ExampleProjectWizard_defaultName);
	}

	@Override
	public void init(@Nullable IWorkbench workbench, @Nullable IStructuredSelection selection) {
		// nothing from the selection: the project goes to the workspace root
	}

	@Override
	public void addPages() {
		addPage(page);
	}

	@Override
	public boolean performFinish() {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(page.getProjectName());
		try {
			getContainer().run(true, true, new WorkspaceModifyOperation() {
				@Override
				protected void execute(@Nullable IProgressMonitor monitor) throws CoreException {
					ExampleProject.create(project, monitor);
				}
			});
			return true;
		} catch (InvocationTargetException e) {
			MessageDialog.openError(getShell(), Messages.ExampleProjectWizard_title, String.valueOf(e.getCause().getMessage()));
			return false;
		} catch (InterruptedException e) {
			return false;
		}
	}
}
