// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.eclipse.ui.console.IConsole;
import org.eclipse.ui.console.TextConsole;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.model.core.Progress;
import org.looptrace.replay.ReplayGenerator;
import org.looptrace.replay.ReplayOptions;
import org.looptrace.replay.ReplayOptions.Compute;
import org.looptrace.replay.ReplayProgram;
import org.looptrace.ui.ModelViews.ModelFile;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * Run As > LoopTrace Replay on the model of the ring-8 example: the configuration it creates (the
 * model's folder, data traces and ranks), and its launch, which generates the program, builds it with
 * make (its output in the console) and runs it with mpirun, both ending with exit status 0; the
 * program it brings up to date with the model and options, never replacing the user's edits unasked.
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
		ILaunchConfiguration configuration = ReplayLaunchShortcut.findOrCreate(ModelFile.of(model));
		assertEquals(8, configuration.getAttribute(ReplayLaunchDelegate.ATTR_RANKS, 0));
		assertEquals("/replaylaunch/ring-8/replay", configuration.getAttribute(ReplayLaunchDelegate.ATTR_FOLDER, ""));
		assertEquals(model.getParent().getLocation().toOSString(), configuration.getAttribute(ReplayLaunchDelegate.ATTR_DATA, ""));
		assertEquals(configuration, ReplayLaunchShortcut.findOrCreate(ModelFile.of(model)), "a second configuration of the model");

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
		ILaunchConfiguration configuration = ReplayLaunchShortcut.findOrCreate(ModelFile.of(model));
		IFolder folder = model.getParent().getFolder(IPath.fromOSString("replay"));
		folder.create(true, true, null);
		IFile makefile = folder.getFile("Makefile");
		makefile.create(new ByteArrayInputStream("all:\n\techo mine\n".getBytes(StandardCharsets.UTF_8)), true, null);
		CoreException refused = assertThrows(CoreException.class, () -> configuration.launch(ILaunchManager.RUN_MODE, null));
		assertTrue(refused.getMessage().contains("holds Makefile"), refused.getMessage());
		assertEquals("all:\n\techo mine\n", new String(makefile.getContents().readAllBytes(), StandardCharsets.UTF_8));
		assertFalse(folder.getFile("replay.c").exists(), "replay.c written beside the user's Makefile");
	}

	/**
	 * The launch brings the program up to date with the model and the options: generated again after
	 * they change, a file the user edited kept while they do not, and refused, the edit kept, once they do.
	 */
	@Test
	void regeneratesAfterTheModelOrOptionsChangeAndKeepsTheUsersEdits() throws Exception {
		IFile model = RingModel.create(project);
		String recorded = TestProjects.text(model);
		IFolder folder = model.getParent().getFolder(IPath.fromOSString("replay"));
		IFile source = folder.getFile(ReplayProgram.SOURCE);
		ReplaySettings none = new ReplaySettings(ModelFile.of(model), folder.getLocation().toPath(), ReplayOptions.NONE);
		assertTrue(ReplayLaunchDelegate.prepare(none, null));
		assertProgram(none);

		TestProjects.write(model, ring(9));
		String before = TestProjects.text(source);
		assertTrue(ReplayLaunchDelegate.prepare(none, null));
		assertProgram(none);
		assertNotEquals(before, TestProjects.text(source), "the program of the earlier model");

		TestProjects.write(model, recorded);
		ReplaySettings sizes = new ReplaySettings(ModelFile.of(model), folder.getLocation().toPath(), new ReplayOptions(model.getParent().getLocation().toPath(), Compute.EXACT));
		assertTrue(ReplayLaunchDelegate.prepare(sizes, null));
		assertProgram(sizes);

		String edited = TestProjects.text(source).replace("int main(", "/* mine */\nint main(");
		TestProjects.write(source, edited);
		assertTrue(ReplayLaunchDelegate.prepare(sizes, null));
		assertEquals(edited, TestProjects.text(source), "the user's edit of a program still current");

		CoreException refused = assertThrows(CoreException.class, () -> ReplayLaunchDelegate.prepare(none, null));
		assertTrue(refused.getMessage().contains("holds replay.c, edited by hand"), refused.getMessage());
		assertEquals(edited, TestProjects.text(source), "the user's edit replaced unasked");
	}

	/**
	 * Run Configurations > New with the model selected in the Project Explorer: the configuration takes
	 * the model and its 8 ranks; the tab sets the ranks of a model typed in and refuses others.
	 */
	@Test
	void aNewConfigurationTakesTheRanksOfTheModel() throws Exception {
		IFile model = RingModel.create(project);
		IViewPart explorer = Workbench.page().showView(IPageLayout.ID_PROJECT_EXPLORER);
		((ISetSelectionTarget) explorer).selectReveal(new StructuredSelection(model));
		Workbench.waitUntil(10_000, () -> model.equals(DebugUITools.getSelectedResource()), "the model is not the selected resource");
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy copy = manager.getLaunchConfigurationType(ReplayLaunchDelegate.TYPE).newInstance(null, "New_configuration");
		Shell shell = new Shell(Display.getCurrent());
		try {
			ReplayMainTab tab = new ReplayMainTab();
			tab.createControl(shell);
			tab.setDefaults(copy);
			assertEquals(8, copy.getAttribute(ReplayLaunchDelegate.ATTR_RANKS, 0));
			assertEquals(model.getFullPath().toString(), copy.getAttribute(ReplayLaunchDelegate.ATTR_MODEL, ""));
			assertEquals("model replay", copy.getName());
			tab.initializeFrom(copy);
			assertTrue(tab.isValid(copy), tab.getErrorMessage());

			copy.setAttribute(ReplayLaunchDelegate.ATTR_RANKS, 4);
			assertFalse(tab.isValid(copy));
			assertEquals("Ranks: the model " + model.getFullPath() + " has 8 ranks, its program runs on 8, not 4", tab.getErrorMessage());

			ILaunchConfigurationWorkingCopy blank = manager.getLaunchConfigurationType(ReplayLaunchDelegate.TYPE).newInstance(null, "blank");
			tab.initializeFrom(blank);
			Text modelField = (Text) ((Composite) shell.getChildren()[0]).getChildren()[1];
			modelField.setText(model.getFullPath().toString());
			tab.performApply(blank);
			assertEquals(8, blank.getAttribute(ReplayLaunchDelegate.ATTR_RANKS, 0), "the ranks of the model typed in");
		} finally {
			shell.dispose();
		}
	}

	/** The files in the settings' folder are those of the program generated now. */
	private static void assertProgram(ReplaySettings settings) throws Exception {
		ModelFile model = settings.model();
		ReplayProgram expected = ReplayGenerator.generate(ModelText.parse(model.read(), model.name()), model.name(), settings.options(),
				Progress.NONE);
		for (Map.Entry<String, String> file : expected.files().entrySet()) {
			assertEquals(file.getValue(), Files.readString(settings.folder().resolve(file.getKey())), file.getKey());
		}
	}

	/** The token ring of 8 ranks without data, over {@code last + 1} rounds. */
	private static String ring(int last) {
		return "for i0 = 0 to " + last + "\n  for i1 = 0 to 7\n    i1 send mod(1+i1,8) 1\n    i1 recv mod(1+i1,8) 1\n  done\ndone\n";
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
