// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.commands.ParameterizedCommand;
import org.eclipse.core.expressions.IEvaluationContext;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ISources;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.looptrace.scanner.ScanRecord;
import org.looptrace.scanner.ui.ScannerUi;

/**
 * The Scan Results view: in the LoopTrace perspective (with the Profile view), and filled by Show
 * Scan Results on a scan CSV.
 */
class ScanResultsViewTest {

	private static final String PERSPECTIVE = "org.looptrace.ui.perspective";

	private final ScanProject project;

	ScanResultsViewTest() throws Exception {
		project = ScanProject.create("view", 5, 3, 11);
	}

	@AfterEach
	void delete() throws CoreException {
		project.delete();
	}

	@Test
	void theLoopTracePerspectiveOffersTheViewsAndTheConsole() {
		IWorkbenchPage page = page();
		page.setPerspective(PlatformUI.getWorkbench().getPerspectiveRegistry().findPerspectiveWithId(PERSPECTIVE));
		List<String> shortcuts = Arrays.asList(page.getShowViewShortcuts());
		assertTrue(shortcuts.contains(ScannerUi.RESULTS_VIEW), shortcuts::toString);
		assertTrue(shortcuts.contains(ProfileView.ID), shortcuts::toString);
		assertTrue(shortcuts.contains("org.eclipse.ui.console.ConsoleView"), shortcuts::toString);
	}

	@Test
	void showScanResultsOnAScanCsvFillsTheView() throws Exception {
		IFile csv = project.project.getFile("times.csv");
		csv.create(project.headlessCsv().getBytes(StandardCharsets.UTF_8), IResource.NONE, null);

		IHandlerService handlers = PlatformUI.getWorkbench().getService(IHandlerService.class);
		IEvaluationContext context = handlers.createContextSnapshot(false);
		context.addVariable(ISources.ACTIVE_CURRENT_SELECTION_NAME, new StructuredSelection(csv));
		ParameterizedCommand command = ParameterizedCommand.generateCommand(
				PlatformUI.getWorkbench().getService(ICommandService.class).getCommand(ScannerUi.SHOW_RESULTS_COMMAND), null);
		handlers.executeCommandInContext(command, null, context);

		ScanResultsView view = (ScanResultsView) page().findView(ScannerUi.RESULTS_VIEW);
		assertNotNull(view, "the view was not opened");
		ScanResults shown = view.results();
		assertNotNull(shown, "the view was not filled");
		assertEquals("times.csv", shown.source());
		List<ScanRecord> expected = project.headless();
		assertEquals(expected.size(), shown.total());
		for (String label : shown.labels()) {
			assertEquals(expected.stream().filter(record -> record.label().equals(label)).toList(), shown.records(label), label);
		}
	}

	private static IWorkbenchPage page() {
		return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
	}
}
