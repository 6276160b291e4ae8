// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.looptrace.scanner.ui.ScannerUi;
import org.looptrace.ui.ModelViews.ModelFile;

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
