// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.ui.console.IConsole;
import org.eclipse.ui.console.TextConsole;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * Run As > LoopTrace Replay on the model of the ring-8 example: the configuration it creates (the
 * model's folder, data traces and ranks), and its launch, which generates the program, builds it with
 * make (its output in the console) and runs it with mpirun, both ending with exit status 0.
 */
class ReplayLaunchTest {

	private static final long WAIT = 180_000;

	private final IProject project = TestProjects.project("replaylaunch");

	@BeforeEach
	@AfterEach
	void deleteConfigurations() throws Exception {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		for (ILaunchConfiguration configuration : manager.getLaunchConfigurations(manager.getLaunchConfigurationType(ReplayLaunchDelegate.TYPE))) {
			configuration.delete();
		}
		if (project.exists()) {
			TestProjects.delete(project);
		}
	}

	@Test
	void generatesBuildsAndRunsTheRing() throws Exception {
		IFile model = RingModel.create(project);
		ILaunchConfiguration configuration = ReplayLaunchShortcut.findOrCreate(model);
		assertEquals(8, configuration.getAttribute(ReplayLaunchDelegate.ATTR_RANKS, 0));
		assertEquals("/replaylaunch/ring-8/replay", configuration.getAttribute(ReplayLaunchDelegate.ATTR_FOLDER, ""));
		assertEquals(model.getParent().getLocation().toOSString(), configuration.getAttribute(ReplayLaunchDelegate.ATTR_DATA, ""));
		assertEquals(configuration, ReplayLaunchShortcut.findOrCreate(model), "a second configuration of the model");

		DebugUITools.launch(configuration, ILaunchManager.RUN_MODE);
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		Workbench.waitUntil(WAIT, () -> {
			ILaunch launch = launch(manager, configuration);
			return launch != null && launch.getProcesses().length == 2 && launch.isTerminated();
		}, "the launch did not run make and mpirun to their end");
		ILaunch launch = launch(manager, configuration);
		assertNotNull(launch);
		List<IProcess> processes = Arrays.asList(launch.getProcesses());
		assertEquals("make", processes.get(0).getLabel());
		assertTrue(processes.get(1).getLabel().startsWith("mpirun "), processes.get(1).getLabel());
		assertTrue(processes.get(1).getLabel().endsWith("-np 8 " + model.getParent().getFolder(IPath.fromOSString("replay/replay")).getLocation()),
				processes.get(1).getLabel());
		for (IProcess process : processes) {
			assertEquals(0, process.getExitValue(), process.getLabel() + ": " + console(process));
		}
		assertTrue(model.getParent().getFile(IPath.fromOSString("replay/replay.c")).exists(), "replay.c not in the workspace");
		Workbench.waitUntil(10_000, () -> console(processes.get(0)).contains("mpicc"), () -> "make's console: " + console(processes.get(0)));
	}

	/** A Makefile the user wrote, and no replay.c: the launch says so and leaves the file alone. */
	@Test
	void neverReplacesFilesOfAnotherProgram() throws Exception {
		IFile model = RingModel.create(project);
		ILaunchConfiguration configuration = ReplayLaunchShortcut.findOrCreate(model);
		IFolder folder = model.getParent().getFolder(IPath.fromOSString("replay"));
		folder.create(true, true, null);
		IFile makefile = folder.getFile("Makefile");
		makefile.create(new ByteArrayInputStream("all:\n\techo mine\n".getBytes(StandardCharsets.UTF_8)), true, null);
		CoreException refused = assertThrows(CoreException.class, () -> configuration.launch(ILaunchManager.RUN_MODE, null));
		assertTrue(refused.getMessage().contains("holds Makefile"), refused.getMessage());
		assertEquals("all:\n\techo mine\n", new String(makefile.getContents().readAllBytes(), StandardCharsets.UTF_8));
		assertFalse(folder.getFile("replay.c").exists(), "replay.c written beside the user's Makefile");
	}

	private static @Nullable ILaunch launch(ILaunchManager manager, ILaunchConfiguration configuration) {
		for (ILaunch launch : manager.getLaunches()) {
			if (configuration.equals(launch.getLaunchConfiguration())) {
				return launch;
			}
		}
		return null;
	}

	private static String console(IProcess process) {
		IConsole console = DebugUITools.getConsole(process);
		return console instanceof TextConsole text ? text.getDocument().get() : "(no console)";
	}
}
