// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.ui.IEditorPart;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.looptrace.scanner.Scanner;
import org.looptrace.scanner.ScannerGenerator;
import org.looptrace.scanner.ui.ScannerUi;
import org.looptrace.ui.testsupport.Workbench;

/**
 * Run As &gt; LoopTrace Scanner in the editor of a model outside the workspace (File &gt; Open
 * File): the configuration names the model by its file system path, the CSV and the scanners go
 * beside it, and a CSV the user edited there is kept as in the workspace.
 */
class ScanOutsideWorkspaceTest {

	private static final long WAIT_MILLIS = 60_000;

	@AfterEach
	void closeEditorsAndDeleteConfigurations() throws CoreException {
		Workbench.page().closeAllEditors(false);
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		for (ILaunchConfiguration configuration : manager.getLaunchConfigurations(manager.getLaunchConfigurationType(ScannerUi.LAUNCH_TYPE))) {
			configuration.delete();
		}
	}

	@Test
	void runAsInTheEditorScansIntoACsvBesideTheModelAndKeepsOneTheUserEdited(@TempDir Path outside) throws Exception {
		Path model = ScanProject.outside(outside, 4, 3, 11);
		IEditorPart editor = Workbench.openOutsideWorkspace(model);
		assertNull(editor.getEditorInput().getAdapter(IFile.class), "the model is no workspace file");
		String expected = ScanProject.headlessCsv(ScanProject.parse(Files.readString(model)), outside.resolve("traces"));
		Path csv = outside.resolve("run.csv");

		runAs(editor, csv);
		assertEquals(expected, Files.readString(csv));
		ILaunchConfiguration configuration = Objects.requireNonNull(new ScanLaunchShortcut().getLaunchConfigurations(editor))[0];
		assertEquals(model.toString(), configuration.getAttribute(ScannerUi.ATTR_MODEL_LOCATION, ""));
		assertEquals("", configuration.getAttribute(ScannerUi.ATTR_MODEL, ""));
		assertNull(configuration.getMappedResources(), "a model outside the workspace maps no resource");
		long records = expected.lines().count() - 1;
		// the view may still show an earlier scan: wait for this one's records
		Workbench.waitUntil(WAIT_MILLIS, () -> Workbench.page().findView(ScannerUi.RESULTS_VIEW) instanceof ScanResultsView view
				&& view.results() instanceof ScanResults shown && shown.total() == records, "the Scan Results view does not show the scan");

		Files.delete(csv);
		runAs(editor, csv);
		assertFalse(Files.exists(outside.resolve("run-1.csv")), "a CSV the launch wrote is replaced, not kept");

		Files.writeString(csv, "my notes\n");
		Path beside = outside.resolve("run-1.csv");
		runAs(editor, beside);
		assertEquals("my notes\n", Files.readString(csv), "the CSV the user edited was overwritten");
		assertEquals(expected, Files.readString(beside));
	}

	/** The editor of a model outside the workspace offers the scanner in its Run As menu. */
	@Test
	void theEditorsRunAsMenuOffersTheScanner(@TempDir Path outside) throws Exception {
		IEditorPart editor = Workbench.openOutsideWorkspace(ScanProject.outside(outside, 1, 1, 12));
		Menu menu = editor.getAdapter(Control.class).getMenu();
		menu.notifyListeners(SWT.Show, new Event());
		try {
			List<String> items = items(menu);
			assertEquals(1, Collections.frequency(items, "Run As"), () -> "the menu of the model's editor: " + items);
			MenuItem runAs = menu.getItem(items.indexOf("Run As"));
			Menu shortcuts = runAs.getMenu();
			shortcuts.notifyListeners(SWT.Show, new Event());
			List<String> labels = Arrays.stream(shortcuts.getItems()).map(item -> item.getText().replace("&", "")).toList();
			shortcuts.notifyListeners(SWT.Hide, new Event());
			assertTrue(labels.stream().anyMatch(label -> label.contains("LoopTrace Scanner")), () -> "Run As offers " + labels);
		} finally {
			menu.notifyListeners(SWT.Hide, new Event());
		}
	}

	/** As for workspace files, Run As is offered on models only: not in the editor of another file outside the workspace. */
	@Test
	void theEditorOfAnotherFileOutsideTheWorkspaceHasNoRunAs(@TempDir Path outside) throws Exception {
		DebugPlugin.getDefault(); // Run As follows the launchable files once the debug core runs, as it does in the IDE
		IEditorPart editor = Workbench.openOutsideWorkspace(Files.writeString(outside.resolve("notes.txt"), "0 send 1 2\n"));
		Menu menu = editor.getAdapter(Control.class).getMenu();
		menu.notifyListeners(SWT.Show, new Event());
		try {
			List<String> items = items(menu);
			assertTrue(items.contains("Save"), () -> "not the menu of the text editor: " + items);
			assertFalse(items.contains("Run As"), () -> "the menu of a text file's editor: " + items);
		} finally {
			menu.notifyListeners(SWT.Hide, new Event());
		}
	}

	private static List<String> items(Menu menu) {
		return Arrays.stream(menu.getItems()).map(item -> item.getText().replace("&", "").replaceFirst("\t.*", "")).toList();
	}

	@ParameterizedTest
	@CsvSource({ "java, JAVA", "c, C" })
	void generatesTheScannerBesideTheModel(String mode, ScannerGenerator.Language language, @TempDir Path outside) throws Exception {
		Path model = ScanProject.outside(outside, 2, 2, 13);
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy copy = manager.getLaunchConfigurationType(ScannerUi.LAUNCH_TYPE).newInstance(null, "scan outside");
		copy.setAttribute(ScannerUi.ATTR_MODEL_LOCATION, model.toString());
		copy.setAttribute(ScannerUi.ATTR_MODE, mode);
		assertTrue(ScanLaunchTest.launch(copy.doSave()).isOK());
		Map<String, String> expected = ScannerGenerator.generate(Scanner.of(ScanProject.parse(Files.readString(model))), language);
		for (Map.Entry<String, String> file : expected.entrySet()) {
			assertEquals(file.getValue(), Files.readString(outside.resolve("run-scanner").resolve(file.getKey())), file.getKey());
		}
	}

	/** Run As &gt; LoopTrace Scanner in the editor, then waits until its scan wrote {@code written} and is done. */
	private static void runAs(IEditorPart editor, Path written) {
		new ScanLaunchShortcut().launch(editor, ILaunchManager.RUN_MODE);
		Workbench.waitUntil(WAIT_MILLIS, () -> Files.exists(written) && Job.getJobManager().find(ScannerUi.JOB_FAMILY).length == 0,
				() -> "no scan wrote " + written);
	}
}
