// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

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
		ScanResultsView view = showResults("times.csv");
		ScanResults shown = view.results();
		assertNotNull(shown, "the view was not filled");
		assertEquals("times.csv", shown.source());
		List<ScanRecord> expected = project.headless();
		assertEquals(expected.size(), shown.total());
		for (String label : shown.labels()) {
			assertEquals(expected.stream().filter(record -> record.label().equals(label)).toList(), shown.records(label), label);
		}
		// No model beside it: the attribute read is not known, the chart draws the values and says so.
		ChartValues chart = Objects.requireNonNull(view.chartShown());
		assertFalse(chart.time());
		assertEquals(Messages.ScanChart_value, chart.axis());
	}

	/**
	 * The CSV beside its model (run.csv, as a scan writes it): the first label reads {@code time},
	 * timestamps, so the chart draws the durations between occurrences with a time unit.
	 */
	@Test
	void theChartOfATimestampDrawsDurationsAndNamesTheColumn() throws Exception {
		ScanResultsView view = showResults("run.csv");
		ScanResults shown = Objects.requireNonNull(view.results());
		String first = shown.labels().get(0);
		assertEquals("time", shown.attribute(first));
		ChartValues chart = Objects.requireNonNull(view.chartShown());
		assertTrue(chart.time());
		assertTrue(chart.axis().contains("time"), chart.axis());
		assertArrayEquals(ChartValues.durations(shown.records(first)), chart.values());
		assertTrue(chart.text(chart.values()[0]).matches("-?[0-9.]+(ns|µs|ms|s)"), chart.text(chart.values()[0]));
	}

	private ScanResultsView showResults(String name) throws Exception {
		IFile csv = project.project.getFile(name);
		csv.create(project.headlessCsv().getBytes(StandardCharsets.UTF_8), IResource.NONE, null);

		IHandlerService handlers = PlatformUI.getWorkbench().getService(IHandlerService.class);
		IEvaluationContext context = handlers.createContextSnapshot(false);
		context.addVariable(ISources.ACTIVE_CURRENT_SELECTION_NAME, new StructuredSelection(csv));
		ParameterizedCommand command = ParameterizedCommand.generateCommand(
				PlatformUI.getWorkbench().getService(ICommandService.class).getCommand(ScannerUi.SHOW_RESULTS_COMMAND), null);
		handlers.executeCommandInContext(command, null, context);

		ScanResultsView view = (ScanResultsView) page().findView(ScannerUi.RESULTS_VIEW);
		assertNotNull(view, "the view was not opened");
		return view;
	}

	private static IWorkbenchPage page() {
		return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
	}
}
