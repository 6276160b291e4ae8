// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.scanner.ui.ScannerUi;
import org.looptrace.ui.ModelField;
import org.looptrace.ui.ModelViews.ModelFile;
import org.looptrace.ui.testsupport.Workbench;

/** The Main tab: what it accepts, the messages of what it rejects, and what it writes back. */
class ScanMainTabTest {

	private final Shell shell = new Shell();
	private final ScanMainTab tab = new ScanMainTab();
	private final ScanProject project;

	ScanMainTabTest() throws Exception {
		project = ScanProject.create("tab", 2, 2, 1);
	}

	@BeforeEach
	void create() throws Exception {
		tab.createControl(shell);
	}

	@AfterEach
	void dispose() throws CoreException {
		tab.dispose();
		shell.dispose();
		project.delete();
	}

	@Test
	void aMissingModelIsRejectedNamingIt() throws CoreException {
		assertFalse(valid(Map.of(ScannerUi.ATTR_MODEL, "/tab/missing.loops")));
		assertTrue(tab.getErrorMessage().contains("/tab/missing.loops"), tab.getErrorMessage());
	}

	@Test
	void anEmptyModelAsksForOne() throws CoreException {
		assertFalse(valid(Map.of()));
		assertEquals(Messages.ScanSettings_noModel, tab.getErrorMessage());
	}

	@Test
	void aMissingTraceFolderOrOutputFolderIsRejected() throws CoreException {
		assertFalse(valid(Map.of(ScannerUi.ATTR_MODEL, "/tab/run.loops", ScannerUi.ATTR_TRACES, "/tab/nothing")));
		assertTrue(tab.getErrorMessage().contains("/tab/nothing"), tab.getErrorMessage());
		assertFalse(valid(Map.of(ScannerUi.ATTR_MODEL, "/tab/run.loops", ScannerUi.ATTR_OUTPUT, "/tab/no/such.csv")));
		assertTrue(tab.getErrorMessage().contains("/tab/no/such.csv"), tab.getErrorMessage());
	}

	@Test
	void theModelAloneIsEnoughAndTheDefaultsStayEmpty() throws CoreException {
		assertTrue(valid(Map.of(ScannerUi.ATTR_MODEL, "/tab/run.loops")), tab.getErrorMessage());
		assertNull(tab.getErrorMessage());
		ILaunchConfigurationWorkingCopy copy = newConfiguration(Map.of(ScannerUi.ATTR_MODEL, "/tab/run.loops", ScannerUi.ATTR_MODE,
				ScannerUi.MODE_GENERATE_C));
		tab.initializeFrom(copy);
		ILaunchConfigurationWorkingCopy applied = newConfiguration(Map.of());
		tab.performApply(applied);
		assertEquals("/tab/run.loops", applied.getAttribute(ScannerUi.ATTR_MODEL, ""));
		assertEquals("", applied.getAttribute(ScannerUi.ATTR_TRACES, "unset"));
		assertEquals(ScannerUi.MODE_GENERATE_C, applied.getAttribute(ScannerUi.ATTR_MODE, ""));
	}

	/**
	 * As Eclipse's external tools tabs: the model is chosen in the workspace or in the file system;
	 * the trace folder, the CSV file and the scanner's folder, workspace paths, in the workspace.
	 */
	@Test
	void theModelIsBrowsedForInTheWorkspaceOrTheFileSystem() {
		List<String> buttons = Workbench.controls(shell, Button.class).stream().filter(button -> (button.getStyle() & SWT.PUSH) != 0)
				.map(button -> button.getText().replace("&", "")).toList();
		assertEquals(List.of("Browse Workspace\u2026", "Browse File System\u2026", "Browse Workspace\u2026", "Browse Workspace\u2026",
				"Browse Workspace\u2026"), buttons);
	}

	/**
	 * A model chosen in the file system outside the workspace is kept by its location, one of the
	 * workspace by its workspace path; a location naming no file is refused naming it.
	 */
	@Test
	void aModelOfTheFileSystemGoesToTheModelLocation(@TempDir Path outside) throws Exception {
		Text model = Workbench.texts(shell).get(0);
		Path elsewhere = ScanProject.outside(outside, 1, 1, 2);
		model.setText(ModelField.text(elsewhere));
		ILaunchConfigurationWorkingCopy applied = newConfiguration(Map.of());
		tab.performApply(applied);
		assertEquals(elsewhere.toString(), applied.getAttribute(ScannerUi.ATTR_MODEL_LOCATION, ""));
		assertEquals("", applied.getAttribute(ScannerUi.ATTR_MODEL, "unset"));
		assertTrue(tab.isValid(applied), tab.getErrorMessage());

		model.setText(ModelField.text(project.model.getLocation().toPath()));
		assertEquals("/tab/run.loops", model.getText(), "a workspace file chosen in the file system");
		tab.performApply(applied);
		assertEquals("/tab/run.loops", applied.getAttribute(ScannerUi.ATTR_MODEL, ""));
		assertEquals("", applied.getAttribute(ScannerUi.ATTR_MODEL_LOCATION, "unset"));

		Files.delete(elsewhere);
		model.setText(elsewhere.toString());
		tab.performApply(applied);
		assertEquals(elsewhere.toString(), applied.getAttribute(ScannerUi.ATTR_MODEL_LOCATION, ""), "a model since deleted");
		assertFalse(tab.isValid(applied));
		assertTrue(tab.getErrorMessage().contains(elsewhere.toString()), tab.getErrorMessage());
	}

	@Test
	void theDefaultTraceFolderIsTheOneTheModelNames() throws Exception {
		assertEquals(project.traces.getLocation().toPath(), ScanSettings.defaultTraces(ModelFile.of(project.model)));
	}

	private boolean valid(Map<String, String> attributes) throws CoreException {
		ILaunchConfiguration configuration = newConfiguration(attributes);
		tab.initializeFrom(configuration);
		return tab.isValid(configuration);
	}

	private static ILaunchConfigurationWorkingCopy newConfiguration(Map<String, String> attributes) throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy copy = manager.getLaunchConfigurationType(ScannerUi.LAUNCH_TYPE).newInstance(null, "tab test");
		attributes.forEach(copy::setAttribute);
		return copy;
	}
}
