// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.welcome;

import java.lang.reflect.InvocationTargetException;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.IWizard;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPersistableElement;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWizard;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.actions.WorkspaceModifyOperation;
import org.eclipse.ui.forms.events.HyperlinkAdapter;
import org.eclipse.ui.forms.events.HyperlinkEvent;
import org.eclipse.ui.forms.widgets.FormToolkit;
import org.eclipse.ui.forms.widgets.Hyperlink;
import org.eclipse.ui.forms.widgets.ScrolledForm;
import org.eclipse.ui.forms.widgets.Section;
import org.eclipse.ui.forms.widgets.TableWrapData;
import org.eclipse.ui.forms.widgets.TableWrapLayout;
import org.eclipse.ui.part.EditorPart;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.eclipse.ui.progress.IProgressService;
import org.looptrace.ui.internal.Messages;
import org.looptrace.ui.internal.wizards.ExampleProject;
import org.looptrace.ui.internal.wizards.ImportTraceFolderWizard;

/**
 * The Welcome page, in the editor area as the first thing a new user sees: what LoopTrace is in two
 * lines, then what to do first (create the example project, import a trace folder, trace an MPI
 * program) and the guides shipped with the IDE. It edits nothing: it is never dirty and not saved.
 */
public final class WelcomeEditor extends EditorPart {

	/** The editor's id in plugin.xml. */
	public static final String ID = "org.looptrace.ui.welcome";

	/** The one input of the Welcome page: the page has no document. */
	static final IEditorInput INPUT = new Input();

	private @Nullable FormToolkit toolkit;
	private @Nullable ScrolledForm form;

	/** Opens the Welcome page in a page of the workbench, or brings it to the front. */
	public static WelcomeEditor open(IWorkbenchPage page) throws PartInitException {
		return (WelcomeEditor) page.openEditor(INPUT, ID);
	}

	@Override
	public void init(@Nullable IEditorSite site, @Nullable IEditorInput input) throws PartInitException {
		setSite(site);
		setInput(input);
		setPartName(Messages.Welcome_title);
	}

	@Override
	public void createPartControl(@Nullable Composite parent) {
		if (parent == null) {
			return;
		}
		FormToolkit kit = new FormToolkit(parent.getDisplay());
		toolkit = kit;
		ScrolledForm scrolled = kit.createScrolledForm(parent);
		form = scrolled;
		scrolled.setText(Messages.Welcome_heading);
		kit.decorateFormHeading(scrolled.getForm());
		TableWrapLayout layout = new TableWrapLayout();
		layout.numColumns = 2;
		layout.makeColumnsEqualWidth = true;
		layout.horizontalSpacing = 24;
		layout.leftMargin = 16;
		layout.rightMargin = 16;
		layout.topMargin = 12;
		Composite body = scrolled.getBody();
		body.setLayout(layout);

		Label about = kit.createLabel(body, Messages.Welcome_about, SWT.WRAP);
		TableWrapData wide = new TableWrapData(TableWrapData.FILL_GRAB);
		wide.colspan = 2;
		about.setLayoutData(wide);

		Composite start = section(kit, body, Messages.Welcome_start);
		action(kit, start, Messages.Welcome_example, Messages.Welcome_exampleHint, this::createExampleProject);
		action(kit, start, Messages.Welcome_import, Messages.Welcome_importHint, () -> openWizard(new ImportTraceFolderWizard()));
		action(kit, start, Messages.Welcome_trace, Messages.Welcome_traceHint, () -> Guides.open(getSite().getPage(), Guides.TRACING));

		Composite guides = section(kit, body, Messages.Welcome_guides);
		for (Guides.Guide guide : Guides.ALL) {
			action(kit, guides, guide.title(), guide.summary(), () -> Guides.open(getSite().getPage(), guide));
		}
	}

	/** A titled section of the page, its client laid out as a column of actions. */
	private static Composite section(FormToolkit kit, Composite body, String title) {
		Section section = kit.createSection(body, Section.TITLE_BAR);
		section.setText(title);
		section.setLayoutData(new TableWrapData(TableWrapData.FILL_GRAB));
		Composite client = kit.createComposite(section);
		GridLayout column = new GridLayout();
		column.verticalSpacing = 2;
		client.setLayout(column);
		section.setClient(client);
		return client;
	}

	/** A link doing something, with a line below it saying what. */
	private static void action(FormToolkit kit, Composite column, String text, String hint, Runnable run) {
		Hyperlink link = kit.createHyperlink(column, text, SWT.NONE);
		link.setFont(JFaceResources.getBannerFont());
		link.addHyperlinkListener(new HyperlinkAdapter() {
			@Override
			public void linkActivated(@Nullable HyperlinkEvent event) {
				run.run();
			}
		});
		Label line = kit.createLabel(column, hint, SWT.WRAP);
		GridData below = new GridData(SWT.FILL, SWT.TOP, true, false);
		below.widthHint = 200; // wraps to the column instead of widening it
		below.horizontalIndent = 2;
		line.setLayoutData(below);
		GridData gap = new GridData();
		gap.verticalIndent = 10;
		link.setLayoutData(gap);
	}

	/**
	 * Creates the example project under the first free name (the wizard's default, then numbered),
	 * with progress, and shows it in the Project Explorer; its builder then models the runs. A
	 * failure is a dialog saying why.
	 */
	private void createExampleProject() {
		IProject project = freeProject(Messages.ExampleProjectWizard_defaultName);
		try {
			getSite().getService(IProgressService.class).busyCursorWhile(new WorkspaceModifyOperation() {
				@Override
				protected void execute(@Nullable IProgressMonitor monitor) throws CoreException {
					ExampleProject.create(project, monitor);
				}
			});
		} catch (InvocationTargetException e) {
			MessageDialog.openError(getSite().getShell(), Messages.ExampleProjectWizard_title,
					NLS.bind(Messages.Welcome_exampleFailed, project.getName(), e.getCause().getMessage()));
			return;
		} catch (InterruptedException e) {
			return; // cancelled
		}
		try {
			if (getSite().getPage().showView(IPageLayout.ID_PROJECT_EXPLORER) instanceof ISetSelectionTarget explorer) {
				explorer.selectReveal(new StructuredSelection(project));
			}
		} catch (PartInitException e) {
			// the project is there; the explorer shows it when opened
		}
	}

	/** The project of {@code name}, or of {@code name (2)}, {@code name (3)}... the first that does not exist. */
	private static IProject freeProject(String name) {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
		for (int n = 2; project.exists(); n++) {
			project = ResourcesPlugin.getWorkspace().getRoot().getProject(name + " (" + n + ")");
		}
		return project;
	}

	/** Opens a wizard of the workbench in a dialog, and returns at once: the dialog runs in the workbench's event loop. */
	private void openWizard(IWorkbenchWizard wizard) {
		wizard.init(getSite().getWorkbenchWindow().getWorkbench(), StructuredSelection.EMPTY);
		WizardDialog dialog = new WizardDialog(getSite().getShell(), (IWizard) wizard);
		dialog.setBlockOnOpen(false);
		dialog.open();
	}

	@Override
	public void setFocus() {
		ScrolledForm shown = form;
		if (shown != null) {
			shown.setFocus();
		}
	}

	@Override
	public void dispose() {
		FormToolkit kit = toolkit;
		if (kit != null) {
			kit.dispose();
		}
		super.dispose();
	}

	@Override
	public void doSave(@Nullable IProgressMonitor monitor) {
		// nothing to save
	}

	@Override
	public void doSaveAs() {
		// nothing to save
	}

	@Override
	public boolean isDirty() {
		return false;
	}

	@Override
	public boolean isSaveAsAllowed() {
		return false;
	}

	/** The input of the Welcome page, the platform's interface implemented as is. */
	@NonNullByDefault({})
	private static final class Input implements IEditorInput {
		@Override
		public <T> T getAdapter(Class<T> adapter) {
			return null;
		}

		@Override
		public boolean exists() {
			return false; // not in the list of recent files
		}

		@Override
		public ImageDescriptor getImageDescriptor() {
			return null;
		}

		@Override
		public String getName() {
			return Messages.Welcome_title;
		}

		@Override
		public IPersistableElement getPersistable() {
			return null;
		}

		@Override
		public String getToolTipText() {
			return Messages.Welcome_title;
		}
	}
}
