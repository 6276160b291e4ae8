// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFileState;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.looptrace.scanner.ScanRecord;
import org.looptrace.scanner.Scanner;
import org.looptrace.scanner.ScannerGenerator;
import org.looptrace.scanner.ui.ScannerUi;
import org.looptrace.ui.testsupport.Workbench;

/** Launches of LoopTrace Scanner configurations in a real workbench, against the headless scanner. */
class ScanLaunchTest {

	private @org.eclipse.jdt.annotation.Nullable ScanProject project;

	@AfterEach
	void deleteProjectAndConfigurations() throws CoreException {
		ScanProject created = project;
		if (created != null) {
			created.delete();
		}
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		for (ILaunchConfiguration configuration : manager.getLaunchConfigurations(manager.getLaunchConfigurationType(ScannerUi.LAUNCH_TYPE))) {
			configuration.delete();
		}
	}

	private ScanProject project(int rounds, int hops, long seed) throws Exception {
		ScanProject created = ScanProject.create("scan", rounds, hops, seed);
		project = created;
		return created;
	}

	/** Random shapes and data: the CSV in the workspace is the headless scanner's, the view shows its rows. */
	@ParameterizedTest
	@CsvSource({ "1, 1, 1", "4, 3, 2", "7, 5, 3", "20, 2, 4" })
	void theCsvIsTheHeadlessScannersAndTheViewShowsItsRows(int rounds, int hops, long seed) throws Exception {
		ScanProject scan = project(rounds, hops, seed);
		IStatus status = launch(configuration(scan, Map.of()));
		assertTrue(status.isOK(), status.toString());

		IFile csv = scan.project.getFile("run.csv");
		assertTrue(csv.exists(), "no run.csv in the workspace (not refreshed?)");
		assertEquals(scan.headlessCsv(), ScanProject.contents(csv));

		ScanResultsView view = view();
		ScanResults shown = view.results();
		assertNotNull(shown, "the view was not filled");
		List<ScanRecord> expected = scan.headless();
		assertEquals(expected.size(), shown.total());
		List<String> labels = expected.stream().map(ScanRecord::label).distinct().toList();
		assertEquals(labels, shown.labels());
		for (int i = 0; i < labels.size(); i++) {
			String label = labels.get(i);
			List<ScanRecord> ofLabel = expected.stream().filter(record -> record.label().equals(label)).toList();
			Table table = view.table(i);
			assertEquals(ofLabel.size(), table.getItemCount(), label);
			for (int row = 0; row < ofLabel.size(); row++) {
				String[] cells = new String[table.getColumnCount()];
				for (int column = 0; column < cells.length; column++) {
					cells[column] = table.getItem(row).getText(column);
				}
				assertArrayEquals(ScanResultsView.row(ofLabel.get(row)), cells, label + " row " + row);
			}
		}
	}

	/**
	 * As the Search view shows a new search at once, a scan starting clears the rows of the previous
	 * one: a scan cancelled leaves no rows that pass for its own, and says it was cancelled.
	 */
	@Test
	void aScanStartingClearsTheRowsOfThePreviousOne() throws Exception {
		ScanProject scan = project(3, 2, 9);
		ILaunchConfiguration configuration = configuration(scan, Map.of());
		assertTrue(launch(configuration).isOK());
		assertNotNull(view().results(), "the view was not filled");

		Workbench.cancelAtOnce(() -> {
			try {
				configuration.launch(ILaunchManager.RUN_MODE, null);
			} catch (CoreException e) {
				throw new AssertionError(e);
			}
			return Job.getJobManager().find(ScannerUi.JOB_FAMILY)[0];
		}, 60_000);
		Display display = Display.getCurrent();
		while (display.readAndDispatch()) {
			// the view is told by asyncExecs of the job
		}
		ScanResultsView view = view();
		assertNull(view.results(), "the rows of the previous scan are shown");
		assertEquals(0, view.tableCount());
		assertEquals(NLS.bind(Messages.ScanResultsView_cancelled, scan.model.getName()), view.statusShown());
	}

	@Test
	void aCsvTheUserEditedIsKeptAndTheRecordsGoBesideIt() throws Exception {
		ScanProject scan = project(3, 2, 5);
		ILaunchConfiguration configuration = configuration(scan, Map.of(ScannerUi.ATTR_OUTPUT, "/scan/times.csv"));
		assertTrue(launch(configuration).isOK());
		IFile csv = scan.project.getFile("times.csv");
		assertEquals(scan.headlessCsv(), ScanProject.contents(csv));
		assertTrue(launch(configuration).isOK());
		assertFalse(scan.project.getFile("times-1.csv").exists(), "a CSV the launch wrote is replaced, not kept");

		csv.setContents("my notes\n".getBytes(StandardCharsets.UTF_8), IResource.KEEP_HISTORY, null);
		assertTrue(launch(configuration).isOK());
		assertEquals("my notes\n", ScanProject.contents(csv));
		assertEquals(scan.headlessCsv(), ScanProject.contents(scan.project.getFile("times-1.csv")));
	}

	@Test
	void aShortDataTraceFailsNamingTheFileRankAndPositionAndLeavesNoCsv() throws Exception {
		ScanProject scan = project(3, 2, 6);
		IFile data = scan.traces.getFile("data.2");
		byte[] bytes = Files.readAllBytes(data.getLocation().toPath());
		Files.write(data.getLocation().toPath(), java.util.Arrays.copyOf(bytes, bytes.length / 2));
		IStatus status = launch(configuration(scan, Map.of()));
		assertEquals(IStatus.ERROR, status.getSeverity(), status.toString());
		assertTrue(status.getMessage().contains("data.2") && status.getMessage().contains("rank 2"), status.getMessage());
		scan.project.refreshLocal(IResource.DEPTH_INFINITE, null);
		assertFalse(scan.project.getFile("run.csv").exists(), "a failed scan wrote its CSV");
		List<String> members = java.util.Arrays.stream(scan.project.members()).map(IResource::getName).toList();
		assertTrue(members.stream().noneMatch(name -> name.endsWith(".part")), "a partial file was left: " + members);
	}

	@Test
	void aMissingModelIsRefusedAtLaunch() throws Exception {
		ScanProject scan = project(1, 1, 7);
		ILaunchConfiguration configuration = configuration(scan, Map.of(ScannerUi.ATTR_MODEL, "/scan/missing.loops"));
		CoreException refused = assertThrows(CoreException.class, () -> configuration.launch(ILaunchManager.RUN_MODE, null));
		assertTrue(refused.getMessage().contains("/scan/missing.loops"), refused.getMessage());
	}

	@ParameterizedTest
	@CsvSource({ "java, JAVA", "c, C" })
	void generatesTheScannerOfTheHeadlessGenerator(String mode, ScannerGenerator.Language language) throws Exception {
		ScanProject scan = project(2, 2, 8);
		IStatus status = launch(configuration(scan, Map.of(ScannerUi.ATTR_MODE, mode)));
		assertTrue(status.isOK(), status.toString());
		IFolder folder = scan.project.getFolder("run-scanner");
		Map<String, String> expected = ScannerGenerator.generate(Scanner.of(scan.parsed), language);
		for (Map.Entry<String, String> file : expected.entrySet()) {
			assertEquals(file.getValue(), ScanProject.contents(folder.getFile(file.getKey())), file.getKey());
		}
	}

	/**
	 * A scanner generated again into the workspace replaces its files through the workspace: the files
	 * it replaced are in their local history, as after an edit.
	 */
	@Test
	void aScannerGeneratedAgainKeepsTheFilesItReplacedInTheLocalHistory() throws Exception {
		ScanProject scan = project(2, 2, 10);
		ILaunchConfiguration configuration = configuration(scan, Map.of(ScannerUi.ATTR_MODE, ScannerUi.MODE_GENERATE_C));
		assertTrue(launch(configuration).isOK());
		IFile source = scan.project.getFolder("run-scanner").getFile("scan.c");
		String first = ScanProject.contents(source);
		String model = ScanProject.contents(scan.model).replace("\"token\"", "\"hop\"");
		scan.model.setContents(model.getBytes(StandardCharsets.UTF_8), IResource.NONE, null);
		assertTrue(launch(configuration).isOK());
		assertFalse(scan.project.getFolder("run-scanner-1").exists(), "a scanner the launch wrote is replaced, not kept");
		assertNotEquals(first, ScanProject.contents(source), "the scanner of the changed model");
		IFileState[] history = source.getHistory(null);
		assertEquals(1, history.length, "the states of scan.c in the local history");
		try (InputStream former = history[0].getContents()) {
			assertEquals(first, new String(former.readAllBytes(), StandardCharsets.UTF_8));
		}
	}

	static ILaunchConfiguration configuration(ScanProject scan, Map<String, String> attributes) throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy copy = manager.getLaunchConfigurationType(ScannerUi.LAUNCH_TYPE).newInstance(null, "scan test");
		copy.setAttribute(ScannerUi.ATTR_MODEL, scan.model.getFullPath().toString());
		attributes.forEach(copy::setAttribute);
		return copy.doSave();
	}

	/** Launches, waits for the scan job and for what it left for the UI thread; the job's result. */
	static IStatus launch(ILaunchConfiguration configuration) throws Exception {
		configuration.launch(ILaunchManager.RUN_MODE, null);
		Job[] jobs = Job.getJobManager().find(ScannerUi.JOB_FAMILY);
		assertEquals(1, jobs.length, "the launch scheduled no scan job");
		jobs[0].join();
		Display display = Display.getCurrent();
		while (display.readAndDispatch()) {
			// the view is filled by an asyncExec of the job
		}
		return jobs[0].getResult();
	}

	private static ScanResultsView view() {
		IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
		return (ScanResultsView) page.findView(ScannerUi.RESULTS_VIEW);
	}
}
