// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal.welcome;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.action.ExternalActionManager;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.forms.widgets.Hyperlink;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.looptrace.ui.LoopTraceUi;
import org.looptrace.ui.internal.Messages;
import org.looptrace.ui.internal.wizards.ImportTraceFolderWizard;
import org.looptrace.ui.testsupport.Workbench;

/**
 * The Welcome page: opened at the first start in a window fitted to the screen, reopened from
 * Help ▸ Welcome; its links create the example project, open the import wizard and open every guide
 * shipped in the bundle.
 */
class WelcomeTest {

	private final IWorkbenchPage page = Workbench.page();
	private final List<IProject> created = new ArrayList<>();

	@AfterEach
	void cleanUp() throws CoreException, InterruptedException {
		page.closeAllEditors(false);
		// the builder models the example runs: done before their project goes
		Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
		Job.getJobManager().join(LoopTraceUi.MODEL_JOB_FAMILY, null);
		for (IProject project : created) {
			project.delete(true, true, null);
		}
	}

	@Test
	void theFirstStartOfTheWorkspaceWelcomedTheUserInAWindowFittedToTheScreen() {
		assertTrue(InstanceScope.INSTANCE.getNode(LoopTraceUi.BUNDLE_ID).getBoolean(FirstStart.WELCOMED, false),
				"the workspace of the tests started for the first time: the Welcome page was opened");
		Shell shell = page.getWorkbenchWindow().getShell();
		Rectangle screen = shell.getMonitor().getClientArea();
		Rectangle window = shell.getBounds();
		assertTrue(window.width >= screen.width * 0.8 && window.height >= screen.height * 0.8,
				"the first window takes most of the screen " + screen + ": " + window);

		FirstStart.fitToScreen(shell);
		Rectangle fitted = shell.getBounds();
		assertEquals((int) (screen.width * FirstStart.SCREEN_SHARE), fitted.width);
		assertEquals(screen.x + (screen.width - fitted.width) / 2, fitted.x, "centred");
	}

	@Test
	void helpWelcomeOpensThePageOnce() throws Exception {
		IHandlerService handlers = PlatformUI.getWorkbench().getService(IHandlerService.class);
		handlers.executeCommand("org.looptrace.ui.openWelcome", null);
		handlers.executeCommand("org.looptrace.ui.openWelcome", null);
		assertInstanceOf(WelcomeEditor.class, page.getActiveEditor());
		assertEquals(1, page.findEditors(WelcomeEditor.INPUT, WelcomeEditor.ID, IWorkbenchPage.MATCH_INPUT).length);
		assertFalse(page.getActiveEditor().isDirty());
	}

	/**
	 * Help ▸ Help Contents (the workbench's command, as its menu item runs it) opens the guides, and
	 * a help resource naming a guide opens that guide; Help Search (which searches the guides) is in
	 * the Help menu, the help system's dynamic help, which the product does not ship, is not (a menu
	 * item of a command is shown only when the activity callback says the command is active).
	 */
	@Test
	void helpContentsOpensTheGuidesAndNoDeadHelpEntryRemains() throws Exception {
		page.closeAllEditors(false); // the Welcome page of the first start
		IHandlerService handlers = PlatformUI.getWorkbench().getService(IHandlerService.class);
		handlers.executeCommand("org.eclipse.ui.help.helpContents", null);
		assertInstanceOf(WelcomeEditor.class, page.getActiveEditor(), "Help Contents opened " + page.getActiveEditor());
		PlatformUI.getWorkbench().getHelpSystem().displayHelpResource("LANGUAGE.md");
		assertEquals("LANGUAGE.md", page.getActiveEditor().getTitle());

		ExternalActionManager.ICallback callback = ExternalActionManager.getInstance().getCallback();
		assertNotNull(callback);
		assertTrue(callback.isActive("org.eclipse.ui.help.helpContents"), "Help Contents is shown");
		assertTrue(callback.isActive("org.eclipse.ui.help.helpSearch"), "Help Search searches the guides");
		assertFalse(callback.isActive("org.eclipse.ui.help.dynamicHelp"), "Dynamic Help has no help system");
	}

	/**
	 * The tracing guide says where the tracer is before it says to build it: the IDE does not ship
	 * it, so "make in tracer/" alone would send the user looking for a folder they do not have.
	 */
	@Test
	void theTracingGuideSaysWhereTheTracerComesFrom() throws Exception {
		ITextEditor text = assertInstanceOf(ITextEditor.class, Guides.open(page, Guides.TRACING));
		String guide = text.getDocumentProvider().getDocument(text.getEditorInput()).get();
		int source = guide.indexOf("LoopTrace source repository");
		int make = guide.indexOf("make");
		assertTrue(source >= 0 && source < make, "the guide names the repository before its first make:\n" + guide);
		assertTrue(guide.contains("not part of the IDE"), guide);
	}

	@Test
	void theExampleLinkCreatesTheExampleProjectUnderAFreeName() throws Exception {
		IProject first = ResourcesPlugin.getWorkspace().getRoot().getProject(Messages.ExampleProjectWizard_defaultName);
		IProject second = ResourcesPlugin.getWorkspace().getRoot().getProject(Messages.ExampleProjectWizard_defaultName + " (2)");
		created.add(first);
		created.add(second);
		WelcomeEditor welcome = WelcomeEditor.open(page);
		activate(link(welcome, Messages.Welcome_example));
		assertTrue(first.exists() && first.hasNature(LoopTraceUi.NATURE_ID));
		assertTrue(first.getFolder("wavefront-16").getFile("trace.15").exists());
		activate(link(welcome, Messages.Welcome_example));
		assertTrue(second.exists(), "a second example project does not replace the first");
	}

	@Test
	void theImportLinkOpensTheImportWizard() throws Exception {
		WelcomeEditor welcome = WelcomeEditor.open(page);
		IWorkbenchWindow window = page.getWorkbenchWindow();
		long shells = Workbench.visibleShells();
		activate(link(welcome, Messages.Welcome_import));
		assertEquals(shells + 1, Workbench.visibleShells(), "a dialog opens");
		Shell dialog = Arrays.stream(Display.getCurrent().getShells()).filter(shell -> shell.isVisible() && shell != window.getShell())
				.findFirst().orElseThrow();
		try {
			WizardDialog wizard = assertInstanceOf(WizardDialog.class, dialog.getData());
			assertInstanceOf(ImportTraceFolderWizard.class, wizard.getCurrentPage().getWizard());
		} finally {
			dialog.close();
		}
	}

	@Test
	void everyGuideIsShippedAndOpensAsText() throws Exception {
		WelcomeEditor welcome = WelcomeEditor.open(page);
		for (Guides.Guide guide : Guides.ALL) {
			assertNotNull(link(welcome, guide.title()), guide.title());
			IEditorPart editor = Guides.open(page, guide);
			ITextEditor text = assertInstanceOf(ITextEditor.class, editor, guide.path());
			IDocument document = text.getDocumentProvider().getDocument(text.getEditorInput());
			assertTrue(document.get().startsWith("# "), guide.path() + " is a Markdown guide");
			assertFalse(text.isEditable(), guide.path() + " is the product's: read-only");
		}
		activate(link(welcome, Messages.Welcome_trace));
		assertTrue(page.getActiveEditor().getTitle().equals("README.md"), "the tracing guide: " + page.getActiveEditor().getTitle());
	}

	/** The link of the page whose text is {@code text}. */
	private static Hyperlink link(WelcomeEditor welcome, String text) {
		List<Hyperlink> links = new ArrayList<>();
		collect(welcome.getSite().getShell(), links);
		return links.stream().filter(link -> link.getText().equals(text)).findFirst()
				.orElseThrow(() -> new AssertionError("no link " + text));
	}

	private static void collect(Control control, List<Hyperlink> links) {
		if (control instanceof Hyperlink link) {
			links.add(link);
		} else if (control instanceof Composite composite) {
			for (Control child : composite.getChildren()) {
				collect(child, links);
			}
		}
	}

	/** Activates a link as the Enter key does on it. */
	private static void activate(Hyperlink link) {
		Event enter = new Event();
		enter.character = '\r';
		link.notifyListeners(SWT.KeyDown, enter);
		Workbench.runEventLoop(100);
	}
}
